"""Sync data benchmark: the bytes a device sends and receives while it trains against a server
that holds a three-year history, and what that comes to per hour of training.

    swift build -c release --product peach
    python3 e2e/browser/bench_sync_data.py [path/to/peach] [--answers 40] [--pace 1.8] [--history 1000000]

Imports a history of `--history` records (bench_local.py's: one every 95 s over three years)
with `peach import`, starts `peach serve` on it (notes of 0.3 s), opens Start in Debian's
Chromium, waits for the device's first sync (which downloads the profile summary once), then
trains `--answers` comparisons by keyboard, one every `--pace` seconds (the issue's pace: 40
answers in 72 s), while sync.js syncs as it does (a moment after the answers), and finally
syncs once more. Every request of the page is followed through Chromium's DevTools protocol:
the bytes received (`encodedDataLength`: headers and the body as sent, compressed) per
endpoint, and the bodies sent.

An hour of training is this run scaled by 3600 s / its duration: the sync runs come with the
answers, so the bytes grow with the time trained. For the ratio in one run, the script also
says what the same sync runs would have received if each had downloaded the whole summary
(as before the profile's version was kept): the number of runs times the first download.
Results go to docs/benchmarks.md. Not collected by pytest.
"""

from __future__ import annotations

import argparse
import collections
import os
import pathlib
import subprocess
import sys
import tempfile
import time

from playwright.sync_api import expect, sync_playwright

from bench_local import write_history
from conftest import launch_chromium
from device_page import sync, wait_for_first_sync
from peach_server import PeachServer

REPO = pathlib.Path(__file__).resolve().parents[2]


def follow(page):
    """Counts the page's traffic per endpoint: {path: [requests, bytes received, bytes sent,
    statuses]}."""
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    requests = {}
    headers = {}  # request id → bytes received up to the response's headers
    totals = collections.defaultdict(lambda: [0, 0, 0, collections.Counter()])

    def sent(event):
        path = "/" + event["request"]["url"].split("/", 3)[-1].split("?")[0]
        requests[event["requestId"]] = path
        totals[path][0] += 1
        totals[path][2] += len(event["request"].get("postData", ""))

    def received(event):
        path = requests.get(event["requestId"])
        if path:
            totals[path][3][event["response"]["status"]] += 1
            # The bytes up to the headers, counted here: a 304 has no loadingFinished bytes.
            headers[event["requestId"]] = event["response"].get("encodedDataLength", 0)
            totals[path][1] += headers[event["requestId"]]

    def finished(event):
        path = requests.get(event["requestId"])
        if path:
            totals[path][1] += event["encodedDataLength"] - headers.pop(event["requestId"], 0)

    session.on("Network.requestWillBeSent", sent)
    session.on("Network.responseReceived", received)
    session.on("Network.loadingFinished", finished)
    return session, totals


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("binary", nargs="?", default=str(REPO / ".build" / "release" / "peach"))
    parser.add_argument("--answers", type=int, default=40)
    parser.add_argument("--pace", type=float, default=1.8, help="seconds from one answer to the next")
    parser.add_argument("--history", type=int, default=1_000_000)
    arguments = parser.parse_args()
    os.environ["PEACH_BINARY"] = arguments.binary
    print(f"load average at the start: {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as folder:
        data = pathlib.Path(folder) / "peach.sqlite"
        history = pathlib.Path(folder) / "history.csv"
        write_history(history, arguments.history)
        subprocess.run([arguments.binary, "import", str(history), "--data", str(data)], check=True,
                       stdout=subprocess.DEVNULL)
        server = PeachServer(data)
        server.start()
        try:
            server.set_settings(noteDuration=0.3)
            with sync_playwright() as playwright:
                browser = launch_chromium(playwright)
                page = browser.new_context().new_page()
                session, totals = follow(page)
                page.goto(server.url("/"))
                wait_for_first_sync(page)
                first = dict(totals)
                first_profile = totals["/api/sync/profile"][1]
                totals.clear()
                page.get_by_role("link", name="Comparison", exact=True).click()
                higher = page.locator("#answer-higher")
                started = time.monotonic()
                for index in range(arguments.answers):
                    expect(higher).to_be_enabled(timeout=10_000)
                    time.sleep(max(0.0, started + index * arguments.pace - time.monotonic()))
                    page.keyboard.press("ArrowUp" if index % 2 else "ArrowDown")
                time.sleep(max(0.0, started + arguments.answers * arguments.pace - time.monotonic()))
                status = sync(page)
                duration = time.monotonic() - started
                browser.close()
        finally:
            server.stop()

    assert status["waiting"] == 0, status
    print(f"history: {arguments.history} records; the first visit received {sum(v[1] for v in first.values()):,} B "
          f"(the page, its files and the first sync), of which the profile summary {first_profile:,} B (compressed)")
    print(f"training: {arguments.answers} answers in {duration:.1f} s")
    print(f"{'endpoint':22} {'requests':>8} {'received B':>11} {'sent B (bodies)':>16}  statuses")
    for path, (count, received, sent, statuses) in sorted(totals.items()):
        print(f"{path:22} {count:>8} {received:>11,} {sent:>16,}  {dict(statuses)}")
    synced = [value for path, value in totals.items() if path.startswith("/api/sync/")]
    received = sum(value[1] for value in synced)
    sent = sum(value[2] for value in synced)
    profile = totals["/api/sync/profile"]
    per_hour = 3600 / duration
    print(f"profile summary: {profile[3][200]} downloads, {profile[3][304]} not modified (304), "
          f"{profile[1]:,} B received → {profile[1] * per_hour / 1e6:.3f} MB per hour of training")
    print(f"all sync requests: {received:,} B received, {sent:,} B of bodies sent → "
          f"{received * per_hour / 1e6:.3f} MB received and {sent * per_hour / 1e6:.3f} MB sent per hour")
    runs = totals["/api/sync/settings"][0]
    print(f"without the profile's version: {runs} sync runs × {first_profile:,} B = {runs * first_profile:,} B "
          f"→ {runs * first_profile * per_hour / 1e6:.1f} MB per hour (compressed; the issue measured "
          f"244 KB per run uncompressed)")
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    sys.exit(main())
