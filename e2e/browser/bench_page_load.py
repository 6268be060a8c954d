"""Page load benchmark: bytes per file, load to interactive, and the first visit on a slow phone
network, against the real server.

    swift build -c release --product peach
    python3 e2e/browser/bench_page_load.py [path/to/peach] [--runs 12] [--slow-runs 7]

Starts `peach serve` on an empty database in a temporary folder, then:

1. **Bytes**: every file the first visit of Start fetches (the page, the stylesheet, app.js and
   the modules it imports, the wasm core; then what the page loads after: the manifest, the
   icons, the service worker and what it keeps), each asked for as it is sent without
   compression, in gzip and in Brotli (`Accept-Encoding`).
2. **Localhost, cold**: each page opened `--runs` times in Debian's Chromium with a cold cache (a
   fresh context each time): medians of `domInteractive` and `loadEventEnd` (Navigation
   Timing, from the start of navigation), of the time to a usable Start (the device open: its
   wasm core compiled, its store read — the test hook's `deviceOpen`, polled every 5 ms), and
   the bytes transferred.
3. **Slow 4G, cold** (slow_network.py: 150 ms, 1.6 Mbit/s down, Chromium's own emulation):
   Start opened `--slow-runs` times in fresh contexts; the median time to a usable Start and
   the bytes transferred. The same again with `Accept-Encoding: identity` (the files sent
   uncompressed), for the ratio measured in one run.
4. **Localhost, warm**: a context that visited Start once (its service worker installed),
   Start opened again `--runs` times: the median time to a usable Start.

Prints medians and the load average; results go to docs/benchmarks.md. Not collected by pytest.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile
import urllib.request

from playwright.sync_api import sync_playwright

import slow_network
from conftest import launch_chromium
from peach_server import free_port

REPO = pathlib.Path(__file__).resolve().parents[2]
# A training address loaded directly lands on Start (docs/pages.md): its figures are those of
# the training page's own document; the bytes include the in-place fetch of Start that follows.
PAGES = ["/", "/comparison", "/pitch-matching", "/settings"]
TRANSFERRED = """() => [performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')]
    .reduce((sum, entry) => sum + entry.transferSize, 0)"""


def fetch_size(url: str, coding: str) -> int:
    request = urllib.request.Request(url, headers={"Accept-Encoding": coding})
    with urllib.request.urlopen(request) as response:
        return len(response.read())


def bytes_per_file(base: str) -> None:
    """Prints each file of a first visit in the three codings, and the sums."""
    with urllib.request.urlopen(base + "/") as response:
        links = response.headers["Link"] or ""
    preloaded = re.findall(r"<([^>]+)>", links)
    before = ["/", "/assets/peach.css", "/assets/pages/app.js", *preloaded]
    with urllib.request.urlopen(base + "/sw.js") as response:
        kept = json.loads(re.search(r"PEACH_FILES = (\[.*?\]);", response.read().decode()).group(1))
    after = ["/sw.js", *[path for path in kept if path not in before]]
    rows = {path: [fetch_size(base + path, coding) for coding in ("identity", "gzip", "br")] for path in before + after}
    print(f"{'file':44} {'identity':>10} {'gzip':>9} {'br':>9}")
    for path, sizes in rows.items():
        print(f"{path[:44]:44} {sizes[0]:>10,} {sizes[1]:>9,} {sizes[2]:>9,}")
    for label, paths in (("until Start is usable", before), ("the whole first visit", before + after)):
        sums = [sum(rows[path][column] for path in paths) for column in range(3)]
        print(f"{label:44} {sums[0]:>10,} {sums[1]:>9,} {sums[2]:>9,}   ({len(paths)} files; "
              f"Brotli {sums[2] / sums[0]:.0%} of identity)")


def first_visit(browser, base: str, *, slow: bool, identity: bool = False):
    """One visit of Start in a fresh context: (ms to a usable Start, bytes transferred, navigation entry)."""
    context = browser.new_context(extra_http_headers={"Accept-Encoding": "identity"} if identity else None)
    page = context.new_page()
    if slow:
        slow_network.emulate(page)
    page.goto(base + "/", wait_until="commit")
    usable = slow_network.usable_after(page)
    page.wait_for_load_state("load")
    navigation = json.loads(page.evaluate("JSON.stringify(performance.getEntriesByType('navigation')[0].toJSON())"))
    transferred = page.evaluate(TRANSFERRED)
    context.close()
    return usable, transferred, navigation


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("binary", nargs="?", default=str(REPO / ".build" / "release" / "peach"))
    parser.add_argument("--runs", type=int, default=12)
    parser.add_argument("--slow-runs", type=int, default=7)
    arguments = parser.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    print(f"load average at the start: {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen(
            [arguments.binary, "serve", "--port", str(port), "--data", f"{folder}/peach.sqlite",
             "--sounds-folder", str(REPO / ".build" / "test-sounds")],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            server.stdout.readline()  # "Peach is running. Open …" once it listens
            bytes_per_file(base)
            with sync_playwright() as playwright:
                browser = launch_chromium(playwright)
                for path in PAGES:
                    interactive, loaded, usable, transferred = [], [], [], []
                    for _ in range(arguments.runs):
                        context = browser.new_context()
                        page = context.new_page()
                        page.goto(base + path)
                        usable.append(slow_network.usable_after(page))
                        page.wait_for_load_state("load")
                        page.wait_for_timeout(100)
                        navigation = json.loads(page.evaluate(
                            "JSON.stringify(performance.getEntriesByType('navigation')[0].toJSON())"))
                        interactive.append(navigation["domInteractive"])
                        loaded.append(navigation["loadEventEnd"])
                        transferred.append(page.evaluate(TRANSFERRED))
                        context.close()
                    print(f"localhost cold {path:16} domInteractive {statistics.median(interactive):6.1f} ms   "
                          f"load {statistics.median(loaded):6.1f} ms   usable {statistics.median(usable):6.1f} ms   "
                          f"{statistics.median(transferred):,.0f} bytes, n={arguments.runs}")
                for identity in (False, True):
                    runs = [first_visit(browser, base, slow=True, identity=identity) for _ in range(arguments.slow_runs)]
                    times = [run[0] for run in runs]
                    print(f"slow 4G cold, {'uncompressed' if identity else 'compressed'}: usable Start median "
                          f"{statistics.median(times):6.0f} ms (runs {', '.join(f'{t:.0f}' for t in times)}), "
                          f"DOMContentLoaded {statistics.median(run[2]['domContentLoadedEventEnd'] for run in runs):.0f} ms, "
                          f"{statistics.median(run[1] for run in runs):,.0f} bytes, n={arguments.slow_runs}")
                context = browser.new_context()
                page = context.new_page()
                page.goto(base + "/")
                slow_network.usable_after(page)
                page.evaluate("() => navigator.serviceWorker.ready")
                warm = []
                for _ in range(arguments.runs):
                    page.goto(base + "/")
                    warm.append(slow_network.usable_after(page))
                context.close()
                print(f"localhost warm (service worker installed): usable Start median {statistics.median(warm):.1f} ms "
                      f"(fastest {min(warm):.1f}, slowest {max(warm):.1f}), n={arguments.runs}")
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    sys.exit(main())
