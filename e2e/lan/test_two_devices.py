"""Two paired devices over HTTPS on the machine's network address: Chromium trusts
Peach's certificate authority as a phone does once its owner installed it; both devices train
offline at the same time, then sync, and both end with the union of their answers — no
duplicates, and the same profile as the server's (and `peach stats`)."""

import pathlib
import sqlite3
import sys

from playwright.sync_api import expect, sync_playwright

from peach_lan import LANServer, chromium_trust_env, peach

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "browser"))
from device_page import (device_records, render_here, returning_user, set_setting, sync, wait_for_exercise,  # noqa: E402
                         wait_for_device, wait_for_first_sync)
from test_sync import as_device_keeps, stored_records, train  # noqa: E402

CHROMIUM = "/usr/bin/chromium"


class Database:
    """The server's database file, read as another process would (what `stored_records` asks)."""

    def __init__(self, path):
        self.path = path

    def query(self, sql, *args):
        connection = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=5)
        try:
            return connection.execute(sql, args).fetchall()
        finally:
            connection.close()


def test_two_devices_over_https_train_offline_and_end_with_the_union(tmp_path):
    data = tmp_path / "peach.sqlite"
    server = LANServer(data, "--lan")
    try:
        env = chromium_trust_env(server.ca_path, tmp_path / "home")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, env=env,
                args=["--autoplay-policy=no-user-gesture-required", "--mute-audio"])
            devices = []
            for _ in range(2):
                address, port, code = server.next_pairing()
                context = returning_user(browser.new_context())  # no ignore_https_errors: the chain must verify
                page = context.new_page()
                page.goto(f"https://{address}:{port}/pair?code={code}")
                page.click("#pair-form button")
                page.wait_for_url(f"https://{address}:{port}/")
                assert page.evaluate("window.isSecureContext") is True
                wait_for_first_sync(page)
                set_setting(page, "noteDuration", "0.3")
                page.evaluate("() => navigator.serviceWorker.ready")
                devices.append((context, page, f"https://{address}:{port}"))

            for context, page, _ in devices:
                context.set_offline(True)
            for count, (context, page, origin) in zip((6, 4), devices):
                page.reload()  # from the service worker
                wait_for_device(page)
                page.get_by_role("link", name="Comparison", exact=True).click()
                wait_for_exercise(page)
                train(page, count, "comparison")
                page.get_by_role("link", name="Back to Start").click()
            union = {}
            for _, page, _ in devices:
                union.update(as_device_keeps(device_records(page)))
            assert len(union) == 10

            for context, page, _ in devices:
                context.set_offline(False)
                assert sync(page)["state"] == "synced"
            for _, page, _ in devices:
                sync(page)  # the other device's answers are in the profile it brings
            assert set(stored_records(Database(data))) == set(union), "the union, each answer once"

            for context, page, origin in devices:
                # The server's own page, fetched in the browser (which trusts Peach's authority).
                served = page.evaluate(
                    "() => fetch('/profile', {headers: {'Accept-Language': 'en'}}).then((r) => r.text())")
                assert render_here(page, "/profile") == served
                # On Start, quiet: nothing was refused and nothing waits.
                expect(page.locator("#sync-status")).to_have_text("")
            browser.close()
    finally:
        server.stop()
    stats = peach("stats", "--data", str(data))
    assert stats.returncode == 0
    # `peach stats` counts the same union: ten comparisons, nothing else.
    counts = {line.split()[0]: line.split()[-1] for line in stats.stdout.splitlines()
              if line.startswith("  Comparison ") or line.startswith("  Pitch Matching ")}
    assert counts == {"Comparison": "10", "Pitch": "0"}, stats.stdout
