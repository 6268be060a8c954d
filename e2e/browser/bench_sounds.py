"""Instrument sounds benchmark: the server's preparation of the curated presets on
its first start, the bytes a browser downloads per instrument for the default note range, and
the time from choosing an instrument on a fresh browser to its first playable note.

    swift build -c release --product peach
    python3 e2e/browser/bench_sounds.py [path/to/peach] [--runs 3]

1. Preparation: `peach serve` on a new database with an empty sounds folder, `--runs` times;
   the preparation time the server logs ("Prepared 8 instrument sounds … in X s") and the time
   from starting the process to `GET /sounds/index.json` answering (which waits for it).
2. For each instrument, in a fresh browser context (no cache, no service worker) on Settings
   with the default note range C2–C6 (36–84): choose it, and measure on the page's clock from
   the `change` event to the page saying it is ready (`#sound-status`: the zones are fetched,
   parsed and made into buffers; the next note plays it); and the bytes fetched for it
   (Resource Timing's `encodedBodySize` of `/sounds/…`, the index included).
3. The same choice on slow 4G (slow_network.py: 150 ms, 1.6 Mbit/s down), fresh context each
   time, with the first exercise's two notes asked for at the moment of the choice (as the
   training page asks when an exercise begins: `zonesFor`, which puts their zones first; the
   notes drawn from C2–C6, seeded): from the `change` event to those notes playing the
   instrument (`zonesFor` answering zones, polled every 10 ms), and to the whole instrument
   ready.
4. Memory: one page chooses each instrument in turn (waiting until it is ready), then the sine:
   how many of the decoded zones are still in memory then (a WeakRef to each zone's buffer,
   after garbage collections), and the renderer processes' RSS (/proc) with only the sine,
   after the eight, and after the eight again while the page holds on to every instrument (as
   Peach did before it let go of an instrument no longer chosen) — the two in one run. RSS
   keeps some freed memory (the browser's allocator returns it to the system lazily), so the
   count of live zones is the exact figure.
Prints medians; results go to docs/benchmarks.md. Not collected by pytest.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import random
import re
import statistics
import subprocess
import tempfile
import time
import urllib.request

from playwright.sync_api import sync_playwright

import slow_network
from conftest import launch_chromium
from device_page import SOUNDS_JS, loaded_sound_bytes, wait_for_sounds
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


CHOSEN_AT = """() => { window.__chosenAt = null;
  document.querySelector('#setting-soundSource').addEventListener(
    'change', (event) => { window.__chosenAt ??= event.timeStamp; }, { capture: true }); }"""
PLAYABLE = """(notes) => window.__chosenAt !== null && """ + SOUNDS_JS + """.zonesFor(notes)
    ? performance.now() - window.__chosenAt : null"""


def slow_choices(browser, base: str, index: dict, runs: int) -> None:
    """Section 3: choice → the first exercise's notes playable, and → all ready, on slow 4G."""
    print(f"{'slow 4G':<10} {'notes → playable (median ms)':>28} {'all zones ready':>16}   runs")
    every = []
    for source in index["sources"]:
        playable, ready = [], []
        for run in range(runs):
            draw = random.Random(f"{source['id']} {run}")
            reference = draw.randint(36, 84)
            notes = [reference, min(84, max(36, reference + draw.randint(-12, 12)))]
            context = browser.new_context(service_workers="block")
            page = context.new_page()
            slow_network.emulate(page)
            page.goto(base + "/settings")
            wait_for_sounds(page)
            page.evaluate(WATCH)
            page.evaluate(CHOSEN_AT)
            page.select_option("#setting-soundSource", source["id"])
            playable.append(page.wait_for_function(PLAYABLE, arg=notes, polling=10, timeout=60_000).json_value())
            ready.append(page.evaluate("() => window.__ready"))
            context.close()
        every += playable
        print(f"{source['id']:<10} {statistics.median(playable):>28.0f} {statistics.median(ready):>16.0f}   "
              f"{', '.join(f'{p:.0f}' for p in playable)}")
    print(f"all instruments on slow 4G: the first exercise's notes playable median {statistics.median(every):.0f} ms, "
          f"max {max(every):.0f} ms after the choice")


def renderer_rss(browser_session) -> int:
    """The RSS of Chromium's renderer processes, in kB."""
    processes = browser_session.send("SystemInfo.getProcessInfo")["processInfo"]
    total = 0
    for process in processes:
        if process["type"] != "renderer":
            continue
        status = pathlib.Path(f"/proc/{process['id']}/status")
        if status.exists():
            total += int(next(line for line in status.read_text().splitlines() if line.startswith("VmRSS")).split()[1])
    return total


def memory(browser, base: str, index: dict) -> None:
    """Section 4: renderer RSS with the sine, after all eight, and after all eight kept."""
    browser_session = browser.new_browser_cdp_session()
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page_session = context.new_cdp_session(page)
    page.goto(base + "/settings")
    wait_for_sounds(page)

    def settled() -> int:
        # Two collections a few seconds apart: Chromium returns freed memory to the system in
        # the background, every few seconds.
        for _ in range(2):
            page_session.send("HeapProfiler.collectGarbage")
            page.wait_for_timeout(5000)
        return renderer_rss(browser_session)

    def choose_all(keep: bool) -> None:
        for source in index["sources"]:
            page.evaluate(WATCH)
            page.select_option("#setting-soundSource", source["id"])
            page.evaluate("() => window.__ready")
            # Held strongly (as before) or weakly: a WeakRef tells whether a decoded zone was freed.
            page.evaluate("""([id, keep]) => {
                const sounds = """ + SOUNDS_JS + """;
                const instrument = sounds.library.loaded(id, sounds.range());
                if (keep) (window.__kept ??= []).push(instrument);
                else (window.__weak ??= []).push(...instrument.zones.map((zone) => new WeakRef(zone.buffer)));
            }""", [source["id"], keep])
        page.select_option("#setting-soundSource", "sine")

    page.select_option("#setting-soundSource", "sine")
    sine = settled()
    choose_all(keep=False)
    released = settled()
    alive = page.evaluate("() => [window.__weak.filter((zone) => zone.deref()).length, window.__weak.length]")
    choose_all(keep=True)
    kept = settled()
    context.close()
    print(f"decoded zones still in memory after choosing all eight, then the sine: {alive[0]} of {alive[1]}")
    print(f"renderer RSS: {sine:,} kB with the sine; after choosing all eight {released:,} kB "
          f"(+{(released - sine) / 1024:.1f} MB); with all eight held as before {kept:,} kB "
          f"(+{(kept - sine) / 1024:.1f} MB)")


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
    print(f"load average at the start: {os.getloadavg()[0]:.1f}")
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
                        wait_for_sounds(page)
                        page.evaluate(WATCH)
                        page.select_option("#setting-soundSource", source["id"])
                        milliseconds = page.evaluate("() => window.__ready")
                        timings.setdefault(source["id"], []).append(milliseconds)
                        fetched[source["id"]] = page.evaluate("""() => performance.getEntriesByType('resource')
                            .filter((entry) => new URL(entry.name).pathname.startsWith('/sounds/'))
                            .reduce((sum, entry) => sum + entry.encodedBodySize, 0)""")
                        # The library's own count of the zones' bytes: the same files, without the index.
                        loaded = loaded_sound_bytes(page, source["id"])
                        assert loaded <= fetched[source["id"]], (loaded, fetched[source["id"]])
                        context.close()
                slow_choices(browser, base, index, arguments.runs)
                memory(browser, base, index)
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
