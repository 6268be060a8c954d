"""The click of rhythm training on the audio clock (docs/sounds.md, "The click"): click-track.js
rendered by Chromium in an OfflineAudioContext at 48 kHz, with the real wood block the server
prepared (`/sounds/index.json`'s `click`, loaded by sound-library.js) and with the synthesized
click the sine plays.

The pattern is Fill the Gap: 16 cycles of four sixteenths, the third silent, the first step of
every fourth cycle (a bar) accented, at 80 and 200 BPM — where a sixteenth is a whole number of
frames (9000, 3600) and the first onset is put 0.37 frame past one, so that every onset is —
and at 123 BPM, whose sixteenth (5853.66 frames) puts each onset at another fraction of a frame.

Each click's onset is measured against the engine's own rendering of the same click started on
a whole frame (sample 0 of a context of its own): the rendered track around the onset, less the
other clicks (that reference placed at their scheduled times), is fitted by least squares with
the reference delayed by a fraction of a frame (band-limited: a phase ramp on its spectrum) and
scaled — a cross-correlation, refined to a thousandth of a frame. The onset error is the fitted
delay less the scheduled time; the jitter is their standard deviation over the 16 cycles.
"""

from __future__ import annotations

import numpy as np
import pytest

from peach_server import serving
from signal_analysis import decode

SAMPLE_RATE = 48000
CYCLES = 16
STEPS = (0, 1, 3)  # of four sixteenths a cycle: the third is the gap
FIRST_ONSET = 0.05 + 0.37 / SAMPLE_RATE  # seconds: 0.37 frame past a whole one
WINDOW = 2048  # frames fitted after each onset (43 ms, less than a sixteenth at 200 BPM)
BEFORE = 32  # frames before the onset in the fitted window: silence a click must not begin in
LIMIT_MS = 0.02  # onset error and jitter: at most 1 frame at 48 kHz
# An onset between frames is not rounded to one (which would be 0.37 frame off at 80 and 200 BPM):
# Chromium starts the source between frames, interpolating; what remains is the interpolation's.
UNROUNDED_FRAMES = 0.25

# Renders the track, and the same click alone from sample 0, through the real modules.
RENDER = """async ({ bpm, cycles, steps, firstOnset, synthesized, sampleRate, stopAfter }) => {
  const [{ ClickTrack, ACCENT_DECIBELS }, { SoundLibrary }, { SOUNDS_INDEX }] = await Promise.all([
    import('/assets/audio/click-track.js'), import('/assets/audio/sound-library.js'),
    import('/assets/peach-routes.js')]);
  const library = window.__peachClickLibrary ??= new SoundLibrary({ indexURL: SOUNDS_INDEX });
  const click = synthesized ? null : await library.click();
  if (!synthesized && click === null) throw new Error('the sound index has no click');
  const sixteenth = 60 / bpm / 4;
  const onsets = [];
  for (let cycle = 0; cycle < cycles; cycle += 1) {
    for (const step of steps) {
      onsets.push({ time: firstOnset + (4 * cycle + step) * sixteenth, accent: cycle % 4 === 0 && step === 0 });
    }
  }
  const encode = (samples) => {
    const bytes = new Uint8Array(samples.slice().buffer);
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  };
  const seconds = firstOnset + 4 * cycles * sixteenth + 0.5;
  const context = new OfflineAudioContext(1, Math.ceil(seconds * sampleRate), sampleRate);
  const track = new ClickTrack(context, onsets, click);
  let stoppedAt = null;
  if (stopAfter !== null) {
    // suspend() stops the render on a render quantum: the first one after that click's onset.
    stoppedAt = Math.ceil((onsets[stopAfter].time + 0.01) * sampleRate / 128) * 128 / sampleRate;
    context.suspend(stoppedAt).then(() => { track.stop(); context.resume(); });
  }
  const rendered = await context.startRendering();
  const alone = new OfflineAudioContext(1, Math.ceil(0.5 * sampleRate), sampleRate);
  const reference = new ClickTrack(alone, [{ time: 0, accent: false }], click);
  return {
    track: encode(rendered.getChannelData(0)), reference: encode((await alone.startRendering()).getChannelData(0)),
    onsets, accent: Math.pow(10, ACCENT_DECIBELS / 20), stoppedAt, end: track.end, referenceEnd: reference.end,
    clickRate: click?.buffer.sampleRate ?? sampleRate,
  };
}"""


def render(page, bpm: float, synthesized: bool, first_onset: float = FIRST_ONSET, stop_after: int | None = None) -> dict:
    result = page.evaluate(RENDER, {"bpm": bpm, "cycles": CYCLES, "steps": list(STEPS), "firstOnset": first_onset,
                                    "synthesized": synthesized, "sampleRate": SAMPLE_RATE, "stopAfter": stop_after})
    result["track"] = decode(result["track"]).astype(np.float64)
    reference = decode(result["reference"]).astype(np.float64)
    # The click ends where its data ends: nothing after it but silence.
    result["reference"] = reference[:int(np.nonzero(reference)[0][-1]) + 1]
    return result


def delayed(spectrum: np.ndarray, size: int, delay: float) -> np.ndarray:
    """The reference whose `spectrum` (rfft of `size`) is given, delayed by `delay` frames."""
    omega = 2 * np.pi * np.fft.rfftfreq(size)
    return np.fft.irfft(spectrum * np.exp(-1j * omega * delay), size)


def measured_onsets(result: dict) -> tuple[np.ndarray, np.ndarray]:
    """(scheduled, measured) onsets in frames: each click fitted as described above."""
    track, reference = result["track"], result["reference"]
    scheduled = np.array([onset["time"] for onset in result["onsets"]]) * SAMPLE_RATE
    levels = np.array([result["accent"] if onset["accent"] else 1.0 for onset in result["onsets"]])
    # Every click at its scheduled time, in one spectrum of the whole track.
    size = 1 << int(np.ceil(np.log2(len(track) + len(reference))))
    whole = np.fft.rfft(reference, size)
    omega = 2 * np.pi * np.fft.rfftfreq(size)
    comb = np.zeros(len(omega), dtype=np.complex128)
    for at, level in zip(scheduled, levels):
        comb += level * np.exp(-1j * omega * at)
    everything = np.fft.irfft(whole * comb, size)[:len(track)]
    local_size = 4 * WINDOW
    local = np.fft.rfft(reference[:local_size - 2 * BEFORE], local_size)
    measured = []
    for at, level in zip(scheduled, levels):
        start = int(np.floor(at)) - BEFORE
        own = level * delayed(local, local_size, at - start)[:WINDOW]
        segment = track[start:start + WINDOW] - (everything[start:start + WINDOW] - own)

        def misfit(delay: float) -> float:
            model = delayed(local, local_size, delay)[:WINDOW]
            scale = model @ segment / (model @ model)
            return float(np.sum((segment - scale * model) ** 2))

        # A cross-correlation over ±4 frames in tenths of a frame, then golden sections to 1e-4 frame.
        grid = np.arange(BEFORE - 4, BEFORE + 4, 0.1)
        best = grid[int(np.argmin([misfit(d) for d in grid]))]
        low, high = best - 0.1, best + 0.1
        ratio = (np.sqrt(5) - 1) / 2
        while high - low > 1e-4:
            a, b = high - ratio * (high - low), low + ratio * (high - low)
            if misfit(a) < misfit(b):
                high = b
            else:
                low = a
        measured.append(start + (low + high) / 2)
    return scheduled, np.array(measured)


@pytest.fixture(scope="module")
def click_page(browser, prepared_sounds, tmp_path_factory):
    """The server's own start page (same origin as the modules and /sounds/), on a server with
    the prepared sounds, for every render of this file."""
    with serving(tmp_path_factory.mktemp("click") / "peach.sqlite") as server:
        context = browser.new_context()
        page = context.new_page()
        errors: list = []
        page.on("pageerror", lambda error: errors.append(error))
        page.goto(server.url("/"))
        yield page
        context.close()
        assert not errors, f"uncaught errors in the page: {errors}"


@pytest.mark.parametrize("bpm", [80, 200, 123])
@pytest.mark.parametrize("synthesized", [False, True], ids=["wood block", "synthesized"])
def test_every_click_starts_on_its_scheduled_time_within_a_frame_with_no_jitter(click_page, prepared_sounds, bpm, synthesized):
    if not synthesized:
        assert prepared_sounds.get("click", {}).get("key") == 76, "the server prepares the hi wood block"
    result = render(click_page, bpm, synthesized)
    scheduled, measured = measured_onsets(result)
    errors_ms = (measured - scheduled) / SAMPLE_RATE * 1000
    jitter_ms = float(np.std(errors_ms))
    fractions = scheduled - np.floor(scheduled)
    label = f"{'synthesized' if synthesized else 'wood block'} at {bpm} BPM"
    print(f"{label}: click at {result['clickRate']} Hz; onset error median {np.median(errors_ms) * 1000:+.2f} µs, "
          f"median |error| {np.median(np.abs(errors_ms)) * 1000:.2f} µs, max |error| "
          f"{np.max(np.abs(errors_ms)) * 1000:.2f} µs, jitter {jitter_ms * 1000:.2f} µs over {len(errors_ms)} clicks; "
          f"error in frames at the onset's fraction of a frame: "
          + ", ".join(f"{f:.2f}→{e * SAMPLE_RATE / 1000:+.3f}" for f, e in list(zip(fractions, errors_ms))[:6]))
    assert len(measured) == CYCLES * len(STEPS)
    assert np.max(np.abs(errors_ms)) <= LIMIT_MS, label
    assert jitter_ms <= LIMIT_MS, label
    assert np.max(np.abs(errors_ms)) * SAMPLE_RATE / 1000 <= UNROUNDED_FRAMES, f"{label}: rounded to a frame"


@pytest.mark.parametrize("synthesized", [False, True], ids=["wood block", "synthesized"])
def test_accented_clicks_are_6_dB_louder_and_the_track_is_nothing_but_its_clicks(click_page, synthesized):
    result = render(click_page, 200, synthesized)
    track, reference = result["track"], result["reference"]
    scheduled = np.array([onset["time"] for onset in result["onsets"]]) * SAMPLE_RATE
    peaks = []
    for at in scheduled:
        start = int(np.floor(at))
        peaks.append(np.max(np.abs(track[start:start + len(reference) // 8])))
    accents = np.array([onset["accent"] for onset in result["onsets"]])
    ratio_db = 20 * np.log10(np.median(np.array(peaks)[accents]) / np.median(np.array(peaks)[~accents]))
    assert abs(ratio_db - 6) < 0.5, f"accent {ratio_db:.2f} dB"
    # Before the first onset and after the last click: silence, exactly.
    assert not np.any(track[:int(scheduled[0])])
    assert not np.any(track[int(np.ceil(result["end"] * SAMPLE_RATE)) + 1:])


@pytest.mark.parametrize("synthesized", [False, True], ids=["wood block", "synthesized"])
def test_stop_silences_the_track_within_the_stop_release_and_no_later_click_sounds(click_page, synthesized):
    whole = render(click_page, 200, synthesized)
    stopped = render(click_page, 200, synthesized, stop_after=10)
    at = int(round(stopped["stoppedAt"] * SAMPLE_RATE))
    release = int(np.ceil(0.005 * SAMPLE_RATE))
    # The same track up to the stop: to float rounding, as two renders of overlapping clicks are
    # (Chromium sums the sources sounding together in no fixed order).
    assert np.max(np.abs(stopped["track"][:at] - whole["track"][:at])) < 1e-6, "the same track up to the stop"
    assert np.max(np.abs(stopped["track"][at:at + release])) <= np.max(np.abs(whole["track"][at:at + release]))
    assert not np.any(stopped["track"][at + release + 1:]), "silent after the stop's release: no click started"
