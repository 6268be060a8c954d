"""Local-first training benchmark: the path from an answer to the next exercise's
first sample on the audio clock, and the IndexedDB write of each answer, in Chromium, with the
server stopped — no network is on that path.

    swift build -c release --product peach
    python3 e2e/browser/bench_local.py [path/to/peach] [--answers N] [--history N]

Starts `peach serve` on a database in a temporary folder (notes of 0.3 s), opens Start in
Debian's Chromium (through Playwright) once, lets the device open and sync, then STOPS the
server and trains N comparisons by keyboard. Every response is given the COOP/COEP headers on
its way to the page, which makes it cross-origin isolated: `performance.now()` then has its fine
5 µs resolution.

Measured on the page's clock (`performance.now()`), per answer:
- `answer`: the training loop's `answer()` — the core evaluates the answer and updates the
  profile, the record is put to IndexedDB, and the core's next exercise is scheduled on the
  audio clock to start when the 400 ms of feedback are over (the feedback itself shows once the
  record is committed);
- `begin`: the loop's `begin()` when the feedback's timer fires — the next exercise becomes the
  current one (its interval label, its state);
- `answer → first sample scheduled`: from the key event's `timeStamp` to the next reference
  note's `start()` call (whose start time on the audio clock is 400 ms later, by design);
- `IndexedDB write`: from `addRecord` to its transaction's `complete`;
- `key → feedback shown`: from the key event to the feedback indicator's change, which waits
  for that commit;
- `key → next note sounds`: the next reference's start time on the audio clock less the clock
  at the key (400 ms of feedback by design, plus the engine's lookahead).

Before that, the first sync of this new device against a history of `--history` records
(default 1,000,000, written as a CSV and imported with `peach import`: one every 95 s over
three years, every note of C2–C6, comparisons and pitch matchings, unison and fifths): the bytes
of `GET /api/sync/profile` and the time of the whole first sync run in the page (settings,
download, the wasm core's decode, the IndexedDB write, the profile rebuilt).
Prints medians and 99th percentiles; results go to docs/benchmarks.md. Not collected by pytest.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import signal
import socket
import statistics
import subprocess
import tempfile
import time

from playwright.sync_api import expect, sync_playwright

from bench_slider import isolate, percentile
from device_page import (AUDIO_CONTEXT_JS, TRAINING_LOOP_JS, hints_seen_script, render_here, seed_profile, set_setting,
                         timed_sync, wait_for_first_sync)
from peach_server import served_routes, training_pages

REPO = pathlib.Path(__file__).resolve().parents[2]

PROBE = """(() => {
  window.__bench = { keys: [], keyClock: [], starts: [], startTimes: [], feedback: [] };
  window.addEventListener('keydown', (event) => {
    window.__bench.keys.push(event.timeStamp);
    window.__bench.keyClock.push(""" + AUDIO_CONTEXT_JS + """?.currentTime ?? null);
  }, { capture: true });
  const start = AudioScheduledSourceNode.prototype.start;
  AudioScheduledSourceNode.prototype.start = function (...args) {
    window.__bench.starts.push(performance.now());
    window.__bench.startTimes.push(args[0] ?? 0);
    return start.apply(this, args);
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.target.id === 'feedback' && record.target.dataset.state) window.__bench.feedback.push(performance.now());
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
})()"""

INSTRUMENT = """() => {
  const bench = window.__bench;
  bench.answer = []; bench.begin = []; bench.writes = [];
  const loop = """ + TRAINING_LOOP_JS + """;
  const timed = (object, name, into) => {
    const original = object[name].bind(object);
    object[name] = (...args) => {
      const begin = performance.now();
      const result = original(...args);
      into.push(performance.now() - begin);
      return result;
    };
  };
  timed(loop, 'answer', bench.answer);
  timed(loop, 'begin', bench.begin);
  // An answer's record is the one write of strict durability (device-store.js, `addRecord`,
  // which also clears the discarded-answers notice in 'meta'): from its transaction's start to
  // its `complete`.
  const transaction = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (names, mode, options) {
    const begin = performance.now();
    const made = transaction.call(this, names, mode, options);
    if (mode === 'readwrite' && options?.durability === 'strict') {
      made.addEventListener('complete', () => bench.writes.push(performance.now() - begin));
    }
    return made;
  };
  bench.keys.length = 0; bench.keyClock.length = 0; bench.starts.length = 0; bench.startTimes.length = 0;
  bench.feedback.length = 0;
}"""


def isolate_while_served(route):
    """bench_slider's isolation, for as long as the server runs: after it is stopped, a request
    fails as it would without the route."""
    try:
        isolate(route)
    except Exception:
        route.abort()


def write_history(path, count):
    """`count` records over three years in the CSV exchange format (docs/cli.md)."""
    names = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]
    name = lambda note: f"{names[note % 12]}{note // 12 - 1}"
    start = time.time() - 3 * 365 * 86_400
    with open(path, "w") as out:
        out.write("# peach-export-format:3\n")
        out.write("trainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,interval,"
                  "tuningSystem,centOffset,isCorrect,initialCentOffset,userCentError,tempoBPM,offsetMs,"
                  "meanOffsetMs,meanOffsetMsPosition0,meanOffsetMsPosition1,meanOffsetMsPosition2,"
                  "meanOffsetMsPosition3\n")
        for index in range(count):
            stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(start + 95 * index))
            reference = 36 + index % 42
            fifth = index % 4 >= 2
            target, interval = (reference + 7, "P5") if fifth else (reference, "P1")
            if index % 2 == 0:
                cents = 5 + index % 40
                out.write(f"pitchDiscrimination,{stamp},{reference},{name(reference)},{target},{name(target)},"
                          f"{interval},equalTemperament,{cents if index % 3 else -cents},{str(index % 5 != 0).lower()},"
                          ",,,,,,,,\n")
            else:
                out.write(f"pitchMatching,{stamp},{reference},{name(reference)},{target},{name(target)},{interval},"
                          f"equalTemperament,,,{(index % 200) - 100},{(index % 41) - 20},,,,,,,\n")


def describe(label, milliseconds):
    return (f"{label:44} median {statistics.median(milliseconds):7.3f} ms   "
            f"p99 {percentile(milliseconds, 0.99):7.3f} ms   max {max(milliseconds):7.3f} ms")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("binary", nargs="?", default=os.environ.get("PEACH_BINARY", str(REPO / ".build" / "release" / "peach")))
    parser.add_argument("--answers", type=int, default=100)
    parser.add_argument("--history", type=int, default=1_000_000)
    arguments = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        if arguments.history:
            write_history(f"{folder}/history.csv", arguments.history)
            subprocess.run([arguments.binary, "import", f"{folder}/history.csv", "--data", f"{folder}/peach.sqlite"],
                           check=True, capture_output=True)
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        server = subprocess.Popen(
            [arguments.binary, "serve", "--port", str(port), "--data", f"{folder}/peach.sqlite"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        server.stdout.readline()  # "Peach is running. Open …" once it listens
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=os.environ.get("PEACH_CHROMIUM", "/usr/bin/chromium"),
                args=["--autoplay-policy=no-user-gesture-required", "--mute-audio"])
            page = browser.new_page(viewport={"width": 390, "height": 844})
            page.route("**/*", isolate_while_served)
            page.add_init_script(PROBE)
            # A returning user, every mode's hint seen (the modes of this server's route table):
            # training starts at once.
            page.add_init_script(hints_seen_script(training_pages(served_routes(f"http://127.0.0.1:{port}")).values()))
            profile_bytes = []
            page.on("response", lambda response: profile_bytes.append(len(response.body()))
                    if response.url.endswith("/api/sync/profile") else None)
            page.goto(f"http://127.0.0.1:{port}/")
            wait_for_first_sync(page)
            assert page.evaluate("crossOriginIsolated"), "the page must be cross-origin isolated"
            # The first sync again, timed, on a device that has nothing (its store emptied).
            seed_profile(page, [])
            first_sync = timed_sync(page)
            comparisons = "Answers" in render_here(page, "/profile")
            set_setting(page, "noteDuration", "0.3")
            server.send_signal(signal.SIGINT)  # from here on there is no server
            server.wait(timeout=15)
            page.locator('#main a[href="/comparison"]').click()
            higher = page.locator("#answer-higher")
            expect(higher).to_be_enabled(timeout=10_000)
            page.evaluate(INSTRUMENT)
            for index in range(arguments.answers):
                expect(higher).to_be_enabled(timeout=10_000)
                page.keyboard.press("ArrowUp" if index % 2 else "ArrowDown")
                expect(higher).to_be_disabled()
            expect(higher).to_be_enabled(timeout=10_000)
            bench = page.evaluate("window.__bench")
            version = browser.version
            page.unroute_all(behavior="ignoreErrors")
            browser.close()

    # Each answer's key, then the next exercise's two notes: its reference is the first start
    # after the key. Its start time on the audio clock, less the clock at the key, is when the
    # next note sounds after the answer (by design 400 ms of feedback, plus the engine's
    # lookahead); the feedback shows once the answer's record is committed.
    to_first_sample = []
    to_next_note = []
    to_feedback = []
    for key, clock in zip(bench["keys"], bench["keyClock"]):
        index = next(i for i, start in enumerate(bench["starts"]) if start > key)
        to_first_sample.append(bench["starts"][index] - key)
        to_next_note.append((bench["startTimes"][index] - clock) * 1000)
        to_feedback.append(next(shown for shown in bench["feedback"] if shown > key) - key)
    print(f"Chromium {version}; first sync against {arguments.history:,} records: "
          f"{max(profile_bytes or [0]):,} bytes of profile, {first_sync:.1f} ms for the whole run in the page"
          f"{'' if comparisons else ' (NO PROFILE)'}")
    print(f"{len(bench['keys'])} answers with the server stopped")
    print(describe("answer() (evaluate, store, next scheduled)", bench["answer"]))
    print(describe("begin() of the next, after the feedback", bench["begin"]))
    print(describe("key → next first sample scheduled", to_first_sample))
    print(describe("IndexedDB write per answer", bench["writes"]))
    print(describe("key → feedback shown (after the commit)", to_feedback))
    print(describe("key → next note sounds (audio clock)", to_next_note))
    worst = percentile(to_first_sample, 0.99)
    print(f"target: p99 under 5 ms — {worst:.3f} ms: {'met' if worst < 5 else 'NOT met'}")


if __name__ == "__main__":
    main()
