"""Sampled voices of the audio engine, rendered by Chromium in an OfflineAudioContext and measured.

The zone is synthetic and generated here: a harmonic-rich periodic waveform with a slow
amplitude modulation, 16-bit at 44.1 kHz while the context runs at 48 kHz, a pitch of 6037
MIDI cents (not a whole semitone), a decaying attack before its loop and a loop of a whole
number of periods (so it loops seamlessly). Methods (signal_analysis.py): pitch by
`playback_ratio` (a note against the same zone rendered at its root, least-squares time-scale
fit); clicks by the largest first and second differences against `sampled_step_bounds` (the
data's own largest steps at the playback rate, plus the raised-cosine envelope's).
"""

from __future__ import annotations

import base64

import numpy as np
import pytest

import audio_probe
from signal_analysis import assert_back_to_back, cents, decode, frequency_by_crossings, largest_steps, playback_ratio, sampled_step_bounds

SAMPLE_RATE = 48000
ZONE_RATE = 44100
PITCH_CENTS = 6037
ROOT = 440 * 2 ** ((PITCH_CENTS - 6900) / 1200)
LOOP_START = 4410
GAIN = 0.8
MARGIN = 1.05
FLOAT_NOISE = 1e-6


def seamless_loop(period: float) -> tuple[int, int]:
    """(periods, frames): the loop of 100–399 periods whose length is nearest a whole frame."""
    periods = min(range(100, 400), key=lambda n: abs(n * period - round(n * period)))
    return periods, round(periods * period)


PERIODS, LOOP_FRAMES = seamless_loop(ZONE_RATE / ROOT)


def waveform(frames: int, attack: bool = True) -> np.ndarray:
    """Ten harmonics (1/h, fixed phases), 8% amplitude modulation at 3 cycles per loop, and a
    raised-cosine decay from 1.4× to 1× over the frames before the loop; periodic with the loop."""
    k = np.arange(frames, dtype=np.float64)
    phase = 2 * np.pi * PERIODS * k / LOOP_FRAMES
    s = sum(np.sin(h * phase + 0.7 * h * h) / h for h in range(1, 11))
    s *= 1 + 0.08 * np.sin(2 * np.pi * 3 * k / LOOP_FRAMES)
    if attack:
        s *= 1 + 0.4 * np.where(k < LOOP_START, 0.5 + 0.5 * np.cos(np.pi * k / LOOP_START), 0.0)
    return np.round(s / np.max(np.abs(s)) * 0.6 * 32767).astype("<i2")


LOOPED = waveform(LOOP_START + LOOP_FRAMES)
SHORT = waveform(int(0.3 * ZONE_RATE) + 37, attack=False)  # ends mid-waveform, far from 0


def zone(samples: np.ndarray, loop: tuple[int, int] | None) -> dict:
    return {
        "keyLow": 55, "keyHigh": 64, "rootHertz": ROOT, "sampleRate": ZONE_RATE,
        "frames": len(samples), "loopStart": loop[0] if loop else None, "loopEnd": loop[1] if loop else None,
        "gain": GAIN, "samples": base64.b64encode(samples.tobytes()).decode(),
    }


def played(samples: np.ndarray, loop: tuple[int, int] | None) -> np.ndarray:
    """The data in the order a voice reads it: to the loop end, then the loop again (the wrap)."""
    data = samples.astype(np.float64) / 32768
    if loop is None:
        return data
    start, end = loop
    return np.concatenate((data[:end], data[start:end], data[start:start + 3]))


LOOP = (LOOP_START, LOOP_START + LOOP_FRAMES)
# A sine-like zone: 441 Hz at 44.1 kHz is exactly 100 frames a period, so one second of it is a
# seamless loop of 441 periods; its pitch in MIDI cents is not a whole semitone.
SINE_HERTZ = 441.0
SINE = np.round(0.6 * 32767 * np.sin(2 * np.pi * np.arange(2 * ZONE_RATE) * SINE_HERTZ / ZONE_RATE)).astype("<i2")
SINE_LOOP = (ZONE_RATE // 2, ZONE_RATE // 2 + ZONE_RATE)
BAD_LOOP = (LOOP_START, LOOP_START + LOOP_FRAMES - int(ZONE_RATE / ROOT / 3))


@pytest.fixture(scope="module")
def bench(browser, static_server):
    context = browser.new_context()
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(error))
    page.goto(f"{static_server}/fixtures/sampled-voice.html")
    page.wait_for_function("window.ready === true")
    page.evaluate("z => window.defineZone('looped', z)", zone(LOOPED, LOOP))
    page.evaluate("z => window.defineZone('bad-loop', z)", zone(LOOPED, BAD_LOOP))
    page.evaluate("z => window.defineZone('short', z)", zone(SHORT, None))
    page.evaluate("z => window.defineZone('sine', z)",
                  {**zone(SINE, SINE_LOOP), "rootHertz": SINE_HERTZ})
    yield page
    context.close()
    assert not errors


@pytest.fixture(scope="module")
def constants(bench):
    return bench.evaluate("window.constants")


def assert_click_free(x, data, frequency, amplitude, envelope_seconds, label):
    rate = frequency / ROOT * ZONE_RATE / SAMPLE_RATE
    first_bound, second_bound = sampled_step_bounds(data, rate, amplitude, SAMPLE_RATE, envelope_seconds)
    first, second = largest_steps(x)
    print(f"{label}: max|Δx| {first:.6f} (bound {first_bound:.6f}), "
          f"max|Δ²x| {second:.3e} (bound {second_bound:.3e})")
    assert first <= first_bound * MARGIN + FLOAT_NOISE, f"{label}: step {first} > {first_bound}"
    assert second <= second_bound * MARGIN + FLOAT_NOISE, f"{label}: slope change {second} > {second_bound}"


def test_the_synthetic_zone_loops_seamlessly_at_its_root():
    drift = (PERIODS * ZONE_RATE / ROOT - LOOP_FRAMES) / LOOP_FRAMES * 1731.234
    print(f"root {ROOT:.6f} Hz, loop {LOOP_FRAMES} frames = {PERIODS} periods, waveform {drift:+.5f} cent off the root")
    assert abs(drift) < 0.01
    wrapped = played(LOOPED, LOOP)
    assert np.max(np.abs(np.diff(wrapped, 2)[LOOP[1] - 3:LOOP[1] + 1])) <= np.max(np.abs(np.diff(wrapped[LOOP_START:], 2)))


NOTE_SECONDS = 0.8
PITCHES = [(semitones, offset) for semitones in (-5, 0, 4) for offset in (0.1, -0.1, 3, -3, 50, -50)]


def test_a_sampled_note_plays_at_frequency_over_root_within_a_thousandth_of_a_cent(bench):
    notes = [{"zone": "looped", "frequency": ROOT * 2 ** ((100 * s + c) / 1200), "duration": NOTE_SECONDS,
              "startTime": 0.02} for s, c in PITCHES]
    root_note = {"zone": "looped", "frequency": ROOT, "duration": 1.3, "startTime": 0.02}
    renders = bench.evaluate("p => window.renderNotes(p)",
                             {"notes": [root_note] + notes, "seconds": 1.4, "sampleRate": SAMPLE_RATE})
    root = decode(renders[0]["samples"])
    assert renders[0]["rootFrequency"] == pytest.approx(ROOT, rel=1e-15)
    worst = 0.0
    onset = 0.02 * SAMPLE_RATE
    for (semitones, offset), note, rendered in zip(PITCHES, notes, renders[1:]):
        expected = note["frequency"] / ROOT
        fit = playback_ratio(decode(rendered["samples"]), root, SAMPLE_RATE,
                             int(onset + 0.03 * SAMPLE_RATE), int(onset + (NOTE_SECONDS - 0.03) * SAMPLE_RATE),
                             expected, onset=onset)
        error = fit.cents_from(expected)
        worst = max(worst, abs(error))
        print(f"root {semitones:+d} st {offset:+5.1f} ct: ratio {fit.ratio:.9f}, expected {expected:.9f}, "
              f"error {error:+.6f} cent, residual {fit.residual:.4f}")
        assert abs(error) < 0.001
        assert fit.residual < 0.02, "the note is a time-scaled copy of the root rendering"
        assert fit.gain == pytest.approx(1.0, abs=0.01)
    print(f"worst pitch error {worst:.6f} cent")


@pytest.mark.parametrize("frequency", [65.40639132514966, 261.6255653005986, 440.1, 441.0 * 2 ** (3 / 1200),
                                       1046.5022612023945])
def test_a_sine_like_zone_sounds_at_the_frequency_asked_for_within_a_hundredth_of_a_cent(bench, frequency):
    """Measured directly, not against the zone's own root rendering: an error in the root
    frequency or in the conversion between the buffer's rate and the context's would show here."""
    [rendered] = bench.evaluate("p => window.renderNotes(p)", {
        "notes": [{"zone": "sine", "frequency": frequency, "duration": 1.2, "startTime": 0.02}],
        "seconds": 1.3, "sampleRate": SAMPLE_RATE})
    x = decode(rendered["samples"])
    measured, _ = frequency_by_crossings(x, SAMPLE_RATE, int(0.1 * SAMPLE_RATE), int(1.1 * SAMPLE_RATE))
    error = cents(measured, frequency)
    print(f"{frequency:.4f} Hz: measured {measured:.6f} Hz, error {error:+.6f} cent")
    assert abs(error) < 0.01


def test_the_pitch_measure_catches_a_wrong_ratio(bench):
    # A note played 0.05 cent sharp of what the test expects is measured 0.05 cent off.
    expected = 2 ** (3 / 1200)
    notes = [{"zone": "looped", "frequency": ROOT * expected * 2 ** (0.05 / 1200), "duration": NOTE_SECONDS, "startTime": 0.02},
             {"zone": "looped", "frequency": ROOT, "duration": 1.3, "startTime": 0.02}]
    sharp, root = (decode(r["samples"]) for r in bench.evaluate(
        "p => window.renderNotes(p)", {"notes": notes, "seconds": 1.4, "sampleRate": SAMPLE_RATE}))
    fit = playback_ratio(sharp, root, SAMPLE_RATE, 2400, 38000, expected, onset=960)
    print(f"0.05 cent sharp measured {fit.cents_from(expected):+.6f} cent")
    assert fit.cents_from(expected) == pytest.approx(0.05, abs=0.001)


COMPARISONS = [
    # reference semitones from the root, target cents from the reference, target dB, seconds
    (0, 3.0, 0.0, 1.0),
    (-5, -50.0, -1.7, 0.5),
    (4, 0.1, 2.0, 0.3),
]


@pytest.mark.parametrize("semitones,offset,gain_db,duration", COMPARISONS)
def test_sampled_comparison_is_back_to_back_and_click_free(bench, constants, semitones, offset, gain_db, duration):
    reference = ROOT * 2 ** (semitones / 12)
    target = reference * 2 ** (offset / 1200)
    rendered = bench.evaluate("p => window.renderComparison(p)", {
        "reference": {"frequency": reference, "zone": "looped"}, "target": {"frequency": target, "zone": "looped"},
        "gainDecibels": gain_db, "noteDuration": duration, "sampleRate": SAMPLE_RATE})
    mix, alone_ref, alone_tgt = (decode(rendered[k]) for k in ("mix", "reference", "target"))
    assert np.max(np.abs(mix - (alone_ref + alone_tgt))) < 1e-6

    assert_back_to_back(alone_ref, alone_tgt, rendered["targetStart"], SAMPLE_RATE,
                        f"{reference:.3f} Hz → {target:.3f} Hz")

    # The level: NOTE_LEVEL × zone gain × the offset, against the data's own peak.
    ref_peak = np.max(np.abs(alone_ref))
    data_peak = np.max(np.abs(LOOPED)) / 32768
    assert ref_peak <= constants["NOTE_LEVEL"] * GAIN * data_peak * 1.001
    assert ref_peak >= constants["NOTE_LEVEL"] * GAIN * data_peak * 0.95

    amplitude = constants["NOTE_LEVEL"] * GAIN * max(1.0, 10 ** (gain_db / 20))
    assert_click_free(mix, played(LOOPED, LOOP), max(reference, target), amplitude,
                      constants["ENVELOPE_SECONDS"], f"sampled comparison {semitones:+d} st {offset:+} ct")


def test_the_click_measure_catches_a_loop_off_by_a_third_of_a_period(bench, constants):
    [rendered] = bench.evaluate("p => window.renderNotes(p)", {
        "notes": [{"zone": "bad-loop", "frequency": ROOT, "duration": 1.5, "startTime": 0.02}],
        "seconds": 1.6, "sampleRate": SAMPLE_RATE})
    x = decode(rendered["samples"])
    rate = ZONE_RATE / SAMPLE_RATE
    # The bound of the good loop: the bad loop's wrap is what breaks it.
    first_bound, second_bound = sampled_step_bounds(played(LOOPED, LOOP), rate, constants["NOTE_LEVEL"] * GAIN,
                                                    SAMPLE_RATE, constants["ENVELOPE_SECONDS"])
    first, second = largest_steps(x)
    print(f"bad loop: max|Δx| {first:.4f} (bound {first_bound:.4f}), max|Δ²x| {second:.3e} (bound {second_bound:.3e})")
    assert second > 3 * second_bound


def test_a_sampled_note_stopped_early_releases_without_a_click(bench, constants):
    frequency = ROOT * 2 ** (7 / 12)
    rendered = bench.evaluate("p => window.renderStopAll(p)", {
        "zone": "looped", "frequency": frequency, "noteDuration": 2.0, "stopAt": 0.4567, "sampleRate": SAMPLE_RATE})
    x = decode(rendered["samples"])
    silent_at = rendered["silentAt"]
    assert silent_at < 0.4567 + 0.05
    assert np.all(x[int(np.ceil(silent_at * SAMPLE_RATE)) + 1:] == 0), "silent after the release"
    assert_click_free(x, played(LOOPED, LOOP), frequency, constants["NOTE_LEVEL"] * GAIN,
                      constants["STOP_RELEASE_SECONDS"], "sampled stopAll")


def test_a_tunable_sampled_note_held_30_s_crosses_its_loop_points_smoothly(bench, constants):
    # The frequencies the core's mapping gives (100 cents per unit of the slider).
    start_frequency, span = ROOT * 2 ** (2 / 12), 100
    top = start_frequency * 2 ** (span / 1200)
    changes = [{"time": t, "frequency": start_frequency * 2 ** (v * span / 1200)}
               for t, v in ((3.1, 0.5), (7.7, -1.0), (12.3, 1.0), (18.9, -0.3), (25.0, 0.8))]
    rendered = bench.evaluate("p => window.renderTunable(p)", {
        "zone": "looped", "startFrequency": start_frequency, "highestFrequency": top, "changes": changes,
        "seconds": 30.2, "sampleRate": SAMPLE_RATE, "stopAt": 30.0})
    x = decode(rendered["samples"])
    assert [c["frequency"] for c in rendered["applied"]] == [c["frequency"] for c in changes]
    wraps = 30 * top / ROOT * ZONE_RATE / LOOP_FRAMES
    print(f"about {wraps:.0f} loop wraps in 30 s")
    assert np.all(x[int(np.ceil(rendered["silentAt"] * SAMPLE_RATE)) + 1:] == 0)
    assert_click_free(x, played(LOOPED, LOOP), top, constants["NOTE_LEVEL"] * GAIN,
                      constants["ENVELOPE_SECONDS"], "tunable note, 30 s")

    # The last plateau (slider at 0.8, after 25 s: deep in the loop) at its frequency: against a
    # root rendering of the loop, phase searched freely (a periodic loop matches at any period).
    [root_render] = bench.evaluate("p => window.renderNotes(p)", {
        "notes": [{"zone": "looped", "frequency": ROOT, "duration": 2.5, "startTime": 0.02}],
        "seconds": 2.6, "sampleRate": SAMPLE_RATE})
    root = decode(root_render["samples"])
    root[: int((0.02 + LOOP_START / ZONE_RATE) * SAMPLE_RATE) + 1] = 0  # the loop only
    expected = start_frequency * 2 ** (0.8 * span / 1200) / ROOT
    fit = playback_ratio(x, root, SAMPLE_RATE, int(25.5 * SAMPLE_RATE), int(25.8 * SAMPLE_RATE), expected)
    print(f"plateau after 25 s: error {fit.cents_from(expected):+.6f} cent, residual {fit.residual:.4f}")
    # A free phase on a periodic loop can lock onto a neighbouring period (a higher residual), which
    # costs the fit some precision: Peach's bar is 0.1 cent (docs/sounds.md), this asks for 0.01.
    assert abs(fit.cents_from(expected)) < 0.01


def test_a_short_zone_without_a_loop_ends_its_long_note_without_a_click(bench, constants):
    frequency = ROOT * 2 ** (3 / 12)
    [rendered] = bench.evaluate("p => window.renderNotes(p)", {
        "notes": [{"zone": "short", "frequency": frequency, "duration": 1.0, "startTime": 0.02}],
        "seconds": 1.1, "sampleRate": SAMPLE_RATE})
    x = decode(rendered["samples"])
    data_end = 0.02 + (len(SHORT) - 1) / ZONE_RATE / (frequency / ROOT)
    last = int(np.nonzero(x)[0][-1])
    print(f"short zone: data runs out at {data_end:.5f} s, last sound at {last / SAMPLE_RATE:.5f} s")
    assert last <= data_end * SAMPLE_RATE + 1
    assert last >= (data_end - 0.001) * SAMPLE_RATE
    assert rendered["endTime"] == pytest.approx(1.02)
    assert_click_free(x, played(SHORT, None), frequency, constants["NOTE_LEVEL"] * GAIN,
                      constants["ENVELOPE_SECONDS"], "short zone")


def test_the_audio_probe_sees_sampled_and_sine_notes_in_order(new_page, static_server):
    page = new_page()
    audio_probe.install(page)
    page.goto(f"{static_server}/fixtures/sampled-voice.html")
    page.wait_for_function("window.ready === true")
    page.evaluate("z => window.defineZone('looped', z)", zone(LOOPED, LOOP))
    reference = ROOT * 2 ** (-3 / 12)
    target = reference * 2 ** (7.5 / 1200)
    rendered = page.evaluate("p => window.renderComparison(p)", {
        "reference": {"frequency": reference, "zone": "looped"}, "target": {"frequency": target, "zone": None},
        "gainDecibels": 0, "noteDuration": 0.3, "sampleRate": SAMPLE_RATE})
    first, second = audio_probe.notes(page)[:2]  # the comparison's context schedules first
    assert first.sound == "sample"
    assert first.frequency == pytest.approx(reference, rel=1e-7)  # playbackRate is float32
    assert first.root_frequency == pytest.approx(ROOT, rel=1e-15)
    assert first.buffer_sample_rate == ZONE_RATE
    assert first.buffer_frames == len(LOOPED)
    assert first.start == pytest.approx(rendered["referenceStart"])
    assert first.end == pytest.approx(rendered["targetStart"])
    assert second.sound == "sine"
    assert second.frequency == pytest.approx(target, rel=1e-7)
    assert second.root_frequency is None
    assert second.start == pytest.approx(rendered["targetStart"])
