"""Chromium trusts Peach's certificate authority the way a phone does once its owner installed
it: the pairing page over HTTPS on the machine's network address opens without a certificate
error and is a secure context, which service workers need; and Peach on a Home Screen pairs by
typing the code.

The trust comes from `chromium_trust_env` (an NSS database in a throwaway HOME), so later
browser tests over HTTPS can reuse it. Debian's Chromium only, never a downloaded browser."""

import pathlib
import sqlite3
import sys

import pytest
from playwright.sync_api import expect, sync_playwright

from peach_lan import LANServer, chromium_trust_env, spki_hash

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "browser"))
from device_page import sync, wait_for_sync_state  # noqa: E402
from peach_server import wait_until  # noqa: E402

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture
def server(tmp_path):
    server = LANServer(tmp_path / "peach.sqlite", "--lan")
    yield server
    server.stop()


def test_pairing_page_over_https_is_a_secure_context_in_chromium(server, tmp_path):
    address, port, code = server.next_pairing()
    env = chromium_trust_env(server.ca_path, tmp_path / "home")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, env=env)
        try:
            # No ignore_https_errors: a certificate error would fail the navigation.
            page = browser.new_context().new_page()
            response = page.goto(f"https://{address}:{port}/pair?code={code}")
            assert response.status == 200
            assert page.evaluate("window.isSecureContext") is True
            assert page.evaluate("location.protocol") == "https:"
            assert page.locator("#certificate-download").get_attribute("href") == "/peach-ca.crt"
            # Plain HTTP on the network address ends up there too.
            response = page.goto(f"http://{address}:{port}/pair?code={code}")
            assert page.url == f"https://{address}:{port}/pair?code={code}"
            assert page.evaluate("window.isSecureContext") is True
            # Pairing works in the browser, and its cookie is Secure.
            page.click("#pair-form button")
            page.wait_for_url(f"https://{address}:{port}/")
            cookies = page.context.cookies()
            assert [c["secure"] for c in cookies if c["name"] == "peach_session"] == [True]
        finally:
            browser.close()


def test_chromium_without_the_authority_refuses_the_certificate(server):
    address, port, code = server.next_pairing()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        try:
            page = browser.new_context().new_page()
            with pytest.raises(Exception, match="ERR_CERT"):
                page.goto(f"https://{address}:{port}/pair?code={code}")
        finally:
            browser.close()


def test_spki_list_lets_a_test_skip_the_check_for_peachs_server_certificate(server):
    """`spki_hash`, for a browser test that needs HTTPS but not the trust store."""
    address, port, code = server.next_pairing()
    spki = spki_hash(server.ca_path.parent / "server.crt")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=[f"--ignore-certificate-errors-spki-list={spki}"])
        try:
            page = browser.new_context().new_page()
            assert page.goto(f"https://{address}:{port}/pair?code={code}").status == 200
            assert page.evaluate("window.isSecureContext") is True
        finally:
            browser.close()


def test_peach_on_a_home_screen_pairs_by_typing_the_code_and_syncs(server, tmp_path):
    """An app on an iPhone's Home Screen has no cookie of Safari's and opens no pairing link: it
    meets the pairing page, and types the code `peach serve --lan` prints (as a person types
    it: lower case, a space around it). Then it is a paired device like any other."""
    address, port, code = server.next_pairing()
    # The code to type is printed after the links and their QR codes, which next_pairing reads.
    wait_until(lambda: f"Pairing code: {code}" in "".join(server.output),
               message="the terminal to show the code to type")
    env = chromium_trust_env(server.ca_path, tmp_path / "home")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, env=env, args=["--autoplay-policy=no-user-gesture-required", "--mute-audio"])
        try:
            page = browser.new_context().new_page()
            # The confirmation page behind a link shows the code, for Peach on a Home Screen.
            page.goto(f"https://{address}:{port}/pair?code={code}")
            assert code in page.locator("#pair-home-screen").inner_text()
            response = page.goto(f"https://{address}:{port}/")
            assert response.status == 401
            field = page.get_by_label("Pairing code")
            expect(field).to_be_visible()
            field.fill(f" {code.lower()} ")
            page.locator("#pair-code-form button").click()
            page.wait_for_url(f"https://{address}:{port}/")
            expect(page.locator("body")).to_have_attribute("data-page", "start")
            wait_for_sync_state(page, "synced")
            page.get_by_role("link", name="Comparison", exact=True).click()
            page.locator("#hint-begin").click()  # a new device: the mode's hint comes first
            higher = page.locator("#answer-higher")
            expect(higher).to_be_enabled(timeout=10_000)
            page.keyboard.press("ArrowUp")
            expect(higher).to_be_disabled()
            assert sync(page)["state"] == "synced"
            # A wrong code is refused with the same field to try again.
            other = browser.new_context().new_page()
            other.goto(f"https://{address}:{port}/")
            other.get_by_label("Pairing code").fill("WRONGCODE2")
            other.locator("#pair-code-form button").click()
            expect(other.locator("h1")).to_have_text("This pairing code does not work")
            expect(other.get_by_label("Pairing code")).to_be_visible()
        finally:
            browser.close()
    with sqlite3.connect(f"file:{server.data_path}?mode=ro", uri=True) as database:
        assert database.execute("SELECT COUNT(*) FROM comparisonRecord").fetchone() == (1,)
        assert database.execute("SELECT COUNT(*) FROM device").fetchone() == (1,)
