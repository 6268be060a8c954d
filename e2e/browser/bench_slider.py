"""Slider benchmark: slider input → frequency change scheduled in the audio engine.

    swift build -c release --product peach
    python3 e2e/browser/bench_slider.py [path/to/peach] [--moves N]

Starts `peach serve` on an empty database in a temporary folder, opens Pitch Matching in
Debian's Chromium (through Playwright) and, once the tunable note sounds, drags the slider with
the mouse: N pointer moves, the button held, so nothing is committed. Every response is given
the COOP/COEP headers on its way to the page (`page.route`), which makes the page
cross-origin isolated: `performance.now()` then has its fine 5 µs resolution instead of 100 µs.

An init script records, on the page's clock (`performance.now()`):
- `input`: the move event's `timeStamp` — when the browser received the input (the page moves
  the slider on `pointerrawupdate` where the browser has it, else on `pointermove`; the probe
  watches the same event);
- `dispatch`: when the first (capturing) listener of that event runs;
- `scheduled`: when the engine calls `AudioParam.setTargetAtTime` for that move — the frequency
  change is then on the audio thread's timeline.

It prints the medians, 99th percentiles and maxima of scheduled − dispatch (Peach's own code:
the page's pointer handler, the training loop and the engine) and scheduled − input (what the
user gets, the browser's input pipeline included), and the cost of one `setSlider` call alone
(batches of 1,000). Results go to docs/benchmarks.md. Not collected by pytest.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import socket
import statistics
import subprocess
import tempfile

from playwright.sync_api import expect, sync_playwright

from device_page import TRAINING_LOOP_JS, hints_seen_script
from peach_server import served_routes, training_pages

REPO = pathlib.Path(__file__).resolve().parents[2]

PROBE = """(() => {
  const samples = [];
  let current = null;
  window.__sliderBench = samples;
  // The event the page moves the slider on (pitch-matching-page.js): pointerrawupdate where
  // the browser has it, else pointermove.
  const moveEvent = 'onpointerrawupdate' in window ? 'pointerrawupdate' : 'pointermove';
  window.__sliderBenchEvent = moveEvent;
  window.addEventListener(moveEvent, (event) => {
    current = { input: event.timeStamp, dispatch: performance.now(), scheduled: null };
    samples.push(current);
  }, { capture: true });
  const setTargetAtTime = AudioParam.prototype.setTargetAtTime;
  AudioParam.prototype.setTargetAtTime = function (...args) {
    const result = setTargetAtTime.apply(this, args);
    if (current && current.scheduled === null) current.scheduled = performance.now();
    return result;
  };
})()"""

DIRECT = """(calls) => {
  const loop = """ + TRAINING_LOOP_JS + """;
  const batches = [];
  for (let batch = 0; batch < 50; batch += 1) {
    const begin = performance.now();
    for (let i = 0; i < calls; i += 1) loop.setSlider(((i % 200) - 100) / 100);
    batches.push((performance.now() - begin) / calls);
  }
  batches.sort((a, b) => a - b);
  return batches[batches.length >> 1];
}"""


def isolate(route):
    """Passes the request to the server and adds the cross-origin isolation headers."""
    response = route.fetch()
    headers = {**response.headers, "cross-origin-opener-policy": "same-origin",
               "cross-origin-embedder-policy": "require-corp"}
    route.fulfill(response=response, headers=headers)


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def describe(label, values):
    return (f"{label:38} median {statistics.median(values) * 1000:7.1f} µs   "
            f"p99 {percentile(values, 0.99) * 1000:7.1f} µs   max {max(values) * 1000:7.1f} µs")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("binary", nargs="?", default=os.environ.get("PEACH_BINARY", str(REPO / ".build" / "release" / "peach")))
    parser.add_argument("--moves", type=int, default=2000)
    arguments = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        server = subprocess.Popen(
            [arguments.binary, "serve", "--port", str(port), "--data", f"{folder}/peach.sqlite"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            server.stdout.readline()  # "Peach is running. Open …" once it listens
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=os.environ.get("PEACH_CHROMIUM", "/usr/bin/chromium"),
                    args=["--autoplay-policy=no-user-gesture-required", "--mute-audio"])
                page = browser.new_page(viewport={"width": 390, "height": 844})
                page.route("**/*", isolate)
                page.add_init_script(PROBE)
                # A returning user, every mode's hint seen (the modes of this server's route table):
                # training starts at once.
                page.add_init_script(hints_seen_script(training_pages(served_routes(f"http://127.0.0.1:{port}")).values()))
                # Through Start: a training address opened directly lands on Start.
                page.goto(f"http://127.0.0.1:{port}/")
                page.locator('#main a[href="/pitch-matching"]').click()
                assert page.evaluate("crossOriginIsolated"), "the page must be cross-origin isolated"
                slider = page.locator("#pitch-slider")
                expect(slider).to_have_attribute("aria-disabled", "false", timeout=10_000)
                box = slider.bounding_box()
                x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
                page.mouse.move(x, y)
                page.mouse.down()
                page.evaluate("window.__sliderBench.length = 0")
                amplitude = box["height"] / 4
                for index in range(arguments.moves):
                    # A triangle wave over half the track: never past an end, always a change.
                    phase = index % 100
                    offset = (phase if phase < 50 else 100 - phase) / 50 * amplitude - amplitude / 2
                    page.mouse.move(x, y + offset + (0.5 if index % 2 else 0))
                samples = page.evaluate("window.__sliderBench")
                direct = page.evaluate(DIRECT, 1000)
                event = page.evaluate("window.__sliderBenchEvent")
                version = browser.version
                page.unroute_all(behavior="ignoreErrors")
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)

    scheduled = [s for s in samples if s["scheduled"] is not None]
    handler = [s["scheduled"] - s["dispatch"] for s in scheduled]
    end_to_end = [s["scheduled"] - s["input"] for s in scheduled]
    print(f"Chromium {version}, {len(samples)} {event} events, {len(scheduled)} frequency changes scheduled")
    print(describe(f"{event} handler → scheduled", handler))
    print(describe("input timestamp → scheduled", end_to_end))
    print(f"{'one setSlider call (batches of 1,000)':38} median {direct * 1000:7.2f} µs")
    target = 5.0
    worst = statistics.median(end_to_end)
    print(f"target: under {target} ms — median input → scheduled {worst:.3f} ms: {'met' if worst < target else 'NOT met'}")


if __name__ == "__main__":
    main()
