"""Instrument sounds benchmark: the server's preparation of the curated presets on
its first start, the bytes a browser downloads per instrument for the default note range, and
the time from choosing an instrument on a fresh browser to its first playable note.

    swift build -c release --product peach
    python3 tests/browser/bench_sounds.py [path/to/peach] [--runs 3]

1. Preparation: `peach serve` on a new database with an empty sounds folder, `--runs` times;
   the preparation time the server logs ("Prepared 8 instrument sounds … in X s") and the time
   from starting the process to `GET /sounds/index.json` answering (which waits for it).
2. For each instrument, in a fresh browser context (no cache, no service worker) on Settings
   with the default note range C2–C6 (36–84): choose it, and measure on the page's clock from
   the `change` event to the page saying it is ready (`#sound-status`: the zones are fetched,
   parsed and made into buffers; the next note plays it); and the bytes fetched for it
   (Resource Timing's `encodedBodySize` of `/sounds/…`, the index included).
Prints medians; results go to docs/benchmarks.md. Not collected by pytest.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import re
import statistics
import subprocess
import tempfile
import time
import urllib.request

from playwright.sync_api import sync_playwright

from conftest import launch_chromium
from peach_server import free_port

REPO = pathlib.Path(__file__).resolve().parents[2]
PREPARED = re.compile(r"Prepared (\d+) instrument sounds .* in ([0-9.]+) s")

WATCH = """() => { window.__ready = new Promise((resolve) => {
  const select = document.querySelector('#setting-soundSource');
  const status = document.querySelector('#sound-status');
  let chosenAt = null;
  select.addEventListener('change', (event) => { chosenAt = event.timeStamp; }, { capture: true });
  new MutationObserver(() => {
    const ready = select.selectedOptions[0]?.dataset.msgReady;
    if (chosenAt !== null && ready && status.textContent === ready) resolve(performance.now() - chosenAt);
  }).observe(status, { childList: true, characterData: true, subtree: true });
}); }"""


def start(binary: pathlib.Path, folder: pathlib.Path, sounds: pathlib.Path):
    port = free_port()
    started = time.perf_counter()
    process = subprocess.Popen(
        [str(binary), "serve", "--port", str(port), "--data", str(folder / "peach.sqlite"),
         "--sounds-folder", str(sounds)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    for line in process.stdout:
        if "Peach is running" in line:
            break
    base = f"http://127.0.0.1:{port}"
    with urllib.request.urlopen(base + "/sounds/index.json", timeout=600) as response:
        index = json.load(response)
    ready = time.perf_counter() - started
    return process, base, index, ready


def stop(process) -> str:
    process.terminate()
    output, _ = process.communicate(timeout=30)
    return output


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("binary", nargs="?", default=str(REPO / ".build" / "release" / "peach"))
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()
    binary = pathlib.Path(arguments.binary)

    preparations, readies = [], []
    with tempfile.TemporaryDirectory() as temporary:
        root = pathlib.Path(temporary)
        for run in range(arguments.runs):
            folder = root / f"run{run}"
            folder.mkdir()
            process, base, index, ready = start(binary, folder, folder / "sounds")
            output = stop(process)
            match = PREPARED.search(output)
            assert match, output
            preparations.append(float(match.group(2)))
            readies.append(ready)
        print(f"Preparation of {match.group(1)} instruments on first start: median {statistics.median(preparations):.2f} s "
              f"(runs {', '.join(f'{p:.2f}' for p in preparations)}); process start → index answered "
              f"median {statistics.median(readies):.2f} s")

        process, base, index, _ = start(binary, root / "run0", root / "run0" / "sounds")
        try:
            timings: dict[str, list[float]] = {}
            fetched: dict[str, int] = {}
            with sync_playwright() as playwright:
                browser = launch_chromium(playwright)
                for run in range(arguments.runs):
                    for source in index["sources"]:
                        context = browser.new_context(service_workers="block")
                        page = context.new_page()
                        page.goto(base + "/settings")
                        page.wait_for_function("() => window.peach?.sounds")
                        page.evaluate(WATCH)
                        page.select_option("#setting-soundSource", source["id"])
                        milliseconds = page.evaluate("() => window.__ready")
                        timings.setdefault(source["id"], []).append(milliseconds)
                        fetched[source["id"]] = page.evaluate("""() => performance.getEntriesByType('resource')
                            .filter((entry) => new URL(entry.name).pathname.startsWith('/sounds/'))
                            .reduce((sum, entry) => sum + entry.encodedBodySize, 0)""")
                        # The library's own count of the zones' bytes: the same files, without the index.
                        loaded = page.evaluate("""(id) => window.peach.sounds.library
                            .loaded(id, window.peach.sounds.range()).bytes.reduce((a, b) => a + b, 0)""", source["id"])
                        assert loaded <= fetched[source["id"]], (loaded, fetched[source["id"]])
                        context.close()
                browser.close()
        finally:
            stop(process)

    print(f"{'instrument':<10} {'zones 36–84':>11} {'bytes fetched':>14} {'choice → ready (median ms)':>28}")
    for source in index["sources"]:
        zones = [z for z in source["zones"] if z["keyHigh"] >= 36 and z["keyLow"] <= 84]
        print(f"{source['id']:<10} {len(zones):>11} {fetched[source['id']]:>14,} "
              f"{statistics.median(timings[source['id']]):>28.0f}")
    every = [t for values in timings.values() for t in values]
    print(f"all instruments: bytes median {statistics.median(fetched.values()):,.0f}, max {max(fetched.values()):,}; "
          f"choice → ready median {statistics.median(every):.0f} ms, max {max(every):.0f} ms")


if __name__ == "__main__":
    main()
