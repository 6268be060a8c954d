"""The wasm core's benchmark: size, load + instantiate, one training step and the
profile page, in Chromium beside the native build measured in the same run.

    scripts/build-wasm.sh && swift build -c release --product PeachCoreCheck
    python3 e2e/browser/bench_core.py [--steps N]    # 100,000 by default

Serves the client (Client/) and the built module from a static server that makes its pages
cross-origin isolated, so that `performance.now()` resolves 5 µs (not 100 µs). Figures:
- size of .build/wasm/peach-core.wasm, raw and gzip -9;
- load + instantiate: `loadPeachCore(url)` (fetch, streaming compile, instantiate) with a cold
  cache, a fresh context per run, median of 12;
- one training step (next exercise, its answer evaluated, the profile updated) over N steps
  (100,000 by default) in the four modes, timed in batches of 10: median and p99 per step;
- the profile page (with its estimates) rendered from the resulting N records: median of 5; and
  from scratch, a new core given the N records (`replaceProfile`, which builds the profile) and
  rendering.
The native figures come from `PeachCoreCheck bench` (release build), the same steps in Swift.

    python3 e2e/browser/bench_core.py --rhythm [--records N]   # 1,000,000 by default

measures the rhythm modes instead, in Chromium: one Compare Timing step (its
exercise scheduled, the answer judged, the profile updated), timed in batches of 9, median and
p99, and the answer alone (`answerTiming`), the mean of its timings; one Fill the Gap trial (scheduled, its 16 gaps tapped, finished); and the profile built
from the N records they made (three answers to one trial, as `PeachBenchmarks rhythm` builds it
natively) and rendered, median of 3 fresh cores. Tempos cycle through 60, 90, 120 and 160 BPM,
every fourth answer wrong.
Not collected by pytest (no `test_` prefix).
"""

from __future__ import annotations

import argparse
import gzip
import http.server
import json
import pathlib
import statistics
import subprocess
import sys
import threading

from playwright.sync_api import sync_playwright

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "e2e" / "browser"))
from conftest import ASSETS, CHROMIUM, CHROMIUM_ARGS, _StaticHandler  # noqa: E402

CORE = REPO / ".build" / "wasm" / "peach-core.wasm"


class Handler(_StaticHandler):
    extensions_map = {**_StaticHandler.extensions_map, ".wasm": "application/wasm"}

    def translate_path(self, path: str) -> str:
        if path.split("?", 1)[0] == "/core/peach-core.wasm":
            return str(CORE)
        if path.split("?", 1)[0] == "/":
            return str(REPO / "e2e" / "browser" / "fixtures" / "isolated.html")
        return super().translate_path(path)


STEP_LOOP = """async ([steps]) => {
    const { loadPeachCore } = await import('/assets/core/peach-core.js');
    const core = await loadPeachCore('/core/peach-core.wasm');
    core.reset(1);
    const modes = ['comparison', 'pitchMatching', 'intervalComparison', 'intervalPitchMatching'];
    const perStep = [];
    const records = [];
    let now = 1700000000000;
    for (let batch = 0; batch < steps / 10; batch++) {
        const start = performance.now();
        for (let index = batch * 10; index < batch * 10 + 10; index++) {
            const mode = modes[index % 4];
            core.nextExercise(mode);
            now += 5000;
            const record = mode.endsWith('omparison') ? core.answerComparison(index % 3 !== 0, now)
                                                      : core.answerPitchMatching(0.1, now);
            if (!record) throw new Error('refused');
            records.push(record);
        }
        perStep.push((performance.now() - start) * 1000 / 10);
    }
    perStep.sort((a, b) => a - b);
    const renders = [];
    for (let run = 0; run < 5; run++) {
        const start = performance.now();
        core.render('profile', 'en');
        renders.push(performance.now() - start);
    }
    renders.sort((a, b) => a - b);
    const all = new Float64Array(records.length * core.recordStride);
    records.forEach((record, index) => all.set(record, index * core.recordStride));
    const fresh = [];
    for (let run = 0; run < 5; run++) {
        const other = await loadPeachCore('/core/peach-core.wasm');
        const start = performance.now();
        other.replaceProfile(null, all);
        other.render('profile', 'en');
        fresh.push(performance.now() - start);
    }
    fresh.sort((a, b) => a - b);
    return { median: perStep[perStep.length >> 1], p99: perStep[Math.floor(perStep.length * 0.99)],
             render: renders[2], fromRecords: fresh[2], isolated: crossOriginIsolated };
}"""

RHYTHM_LOOP = """async ([total]) => {
    const { loadPeachCore } = await import('/assets/core/peach-core.js');
    const core = await loadPeachCore('/core/peach-core.wasm');
    core.reset(1);
    const stride = core.recordStride;
    const all = new Float64Array(total * stride);
    const tempos = ['60', '90', '120', '160'];
    let count = 0, now = 1700000000000, clock = 0;
    const keep = (record) => { if (!record) throw new Error('refused'); all.set(record, count++ * stride); };
    const perAnswer = [], perTrial = [];
    let answering = 0, answers = 0;
    while (count < total) {
        core.setSetting('tempo', tempos[Math.floor(count / 4000) % 4]);
        if (clock > 3600) clock = 0;  // an hour of clicks at most: a context a musician keeps open
        const start = performance.now();
        for (let index = 0; index < 9 && count < total; index++) {
            const exercise = core.nextRhythmExercise('rhythmOffsetDetection', clock, 48000);
            const s = exercise.onsets.map((onset) => onset.sample);
            const early = s[3] - s[2] < s[1] - s[0];
            now += 3000;
            clock = exercise.ends + 1;
            const answered = performance.now();
            keep(core.answerTiming(count % 4 === 3 ? !early : early, now));
            answering += performance.now() - answered;
            answers += 1;
        }
        perAnswer.push((performance.now() - start) * 1000 / 9);
        for (let index = 0; index < 3 && count < total; index++) {
            const trialStart = performance.now();
            const trial = core.nextRhythmExercise('continuousRhythmMatching', clock, 48000);
            let tap = 0;
            for (const gap of trial.onsets) {
                if (gap.isGap) core.tap(gap.seconds + ((tap++ % 5) - 2) * 0.004);
            }
            now += 10000;
            clock = trial.ends + 1;
            keep(core.finishTrial(now));
            perTrial.push((performance.now() - trialStart) * 1000);
        }
    }
    perAnswer.sort((a, b) => a - b);
    perTrial.sort((a, b) => a - b);
    const fresh = [];
    for (let run = 0; run < 3; run++) {
        const other = await loadPeachCore('/core/peach-core.wasm');
        const start = performance.now();
        other.replaceProfile(null, all);
        other.render('profile', 'en');
        fresh.push(performance.now() - start);
    }
    fresh.sort((a, b) => a - b);
    return { median: perAnswer[perAnswer.length >> 1], p99: perAnswer[Math.floor(perAnswer.length * 0.99)],
             answerMean: answering * 1000 / answers, trialMedian: perTrial[perTrial.length >> 1], trials: perTrial.length, records: count,
             fromRecords: fresh[1], isolated: crossOriginIsolated };
}"""

LOAD = """async () => {
    const { loadPeachCore } = await import('/assets/core/peach-core.js');
    const start = performance.now();
    await loadPeachCore('/core/peach-core.wasm');
    return performance.now() - start;
}"""


def rhythm(base: str, records: int) -> None:
    """The rhythm modes' figures in Chromium (the module docstring)."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(base + "/")
        figures = page.evaluate(RHYTHM_LOOP, [records])
        browser.close()
    assert figures["isolated"], "the page must be cross-origin isolated for 5 µs timer resolution"
    print(f"one Compare Timing step (exercise scheduled, answer judged, profile updated) over "
          f"{figures['records'] - figures['trials']:,}: wasm in Chromium median {figures['median']:.2f} µs, "
          f"p99 {figures['p99']:.2f} µs; the answer alone (judged, profile updated) mean {figures['answerMean']:.2f} µs")
    print(f"one Fill the Gap trial (16 taps) over {figures['trials']:,}: wasm in Chromium median "
          f"{figures['trialMedian']:.1f} µs")
    print(f"profile built from {figures['records']:,} rhythm records and rendered: wasm in Chromium "
          f"{figures['fromRecords']:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=100_000, help="training steps, a multiple of 10")
    parser.add_argument("--rhythm", action="store_true", help="the rhythm modes' figures instead")
    parser.add_argument("--records", type=int, default=1_000_000, help="rhythm records (with --rhythm)")
    arguments = parser.parse_args()
    steps_count = arguments.steps
    if arguments.rhythm:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        rhythm(f"http://127.0.0.1:{server.server_address[1]}", arguments.records)
        server.shutdown()
        return
    raw = CORE.read_bytes()
    print(f"peach-core.wasm: {len(raw):,} bytes raw, {len(gzip.compress(raw, 9)):,} bytes gzip -9")
    checker = REPO / ".build" / "release" / "PeachCoreCheck"
    native = json.loads(subprocess.run([str(checker), "bench", str(steps_count)], check=True,
                                       capture_output=True, text=True).stdout)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        loads = []
        for _ in range(12):
            context = browser.new_context()
            page = context.new_page()
            page.goto(base + "/")
            loads.append(page.evaluate(LOAD))
            context.close()
        page = browser.new_page()
        page.goto(base + "/")
        steps = page.evaluate(STEP_LOOP, [steps_count])
        browser.close()
    server.shutdown()
    assert steps["isolated"], "the page must be cross-origin isolated for 5 µs timer resolution"
    print(f"load + instantiate (Chromium, cold cache): median {statistics.median(loads):.1f} ms "
          f"(min {min(loads):.1f}, max {max(loads):.1f})")
    print(f"one training step over {steps_count:,}: wasm in Chromium median {steps['median']:.2f} µs, "
          f"p99 {steps['p99']:.2f} µs; native median {native['operationMedianMicroseconds']:.2f} µs, "
          f"p99 {native['operationP99Microseconds']:.2f} µs")
    print(f"profile page from {native['records']:,} records: wasm in Chromium {steps['render']:.1f} ms; "
          f"native {native['profileRenderMilliseconds']:.1f} ms")
    print(f"profile built from {native['records']:,} records and rendered: wasm in Chromium "
          f"{steps['fromRecords']:.1f} ms; native {native['fromRecordsMilliseconds']:.1f} ms")


if __name__ == "__main__":
    main()
