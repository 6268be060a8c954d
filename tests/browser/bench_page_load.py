"""Page load benchmark: load to interactive and bytes per page, against the real server.

    swift build -c release --product peach
    python3 tests/browser/bench_page_load.py [path/to/peach]

Starts `peach serve` on an empty database in a temporary folder, opens each page a dozen times
in Debian's Chromium with a cold cache (a fresh context each time) and prints the medians of
`domInteractive` and `loadEventEnd` (Navigation Timing, from the start of navigation) and the
bytes transferred for the page and everything it loads. Results go to docs/benchmarks.md.
Not collected by pytest (no `test_` prefix).
"""

from __future__ import annotations

import json
import pathlib
import socket
import statistics
import subprocess
import sys
import tempfile
import time

from playwright.sync_api import sync_playwright

REPO = pathlib.Path(__file__).resolve().parents[2]
# A training address loaded directly lands on Start (docs/pages.md): its figures are those of
# the training page's own document; the bytes include the in-place fetch of Start that follows.
PAGES = ["/", "/comparison", "/pitch-matching", "/settings"]
RUNS = 12


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def main() -> None:
    binary = sys.argv[1] if len(sys.argv) > 1 else str(REPO / ".build" / "release" / "peach")
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen(
            [binary, "serve", "--port", str(port), "--data", f"{folder}/peach.sqlite"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            server.stdout.readline()  # "Peach is running. Open …" once it listens
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--mute-audio"])
                for path in PAGES:
                    interactive, loaded = [], []
                    for _ in range(RUNS):
                        context = browser.new_context()
                        page = context.new_page()
                        page.goto(f"http://127.0.0.1:{port}{path}", wait_until="load")
                        page.wait_for_timeout(100)
                        navigation = json.loads(page.evaluate(
                            "JSON.stringify(performance.getEntriesByType('navigation')[0].toJSON())"))
                        resources = page.evaluate(
                            "performance.getEntriesByType('resource').map(r => [r.transferSize, r.encodedBodySize])")
                        interactive.append(navigation["domInteractive"])
                        loaded.append(navigation["loadEventEnd"])
                        transferred = navigation["transferSize"] + sum(r[0] for r in resources)
                        bodies = navigation["encodedBodySize"] + sum(r[1] for r in resources)
                        requests = len(resources) + 1
                        context.close()
                    print(f"{path:16} domInteractive median {statistics.median(interactive):6.1f} ms   "
                          f"load {statistics.median(loaded):6.1f} ms   {requests} requests, "
                          f"{transferred} bytes transferred ({bodies} bytes of bodies), cold cache, n={RUNS}")
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
