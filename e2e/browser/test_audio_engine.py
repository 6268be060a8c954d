"""The audio engine's own output, rendered by Chromium in an OfflineAudioContext and measured.

Methods (see signal_analysis.py): frequency by a least-squares fit through interpolated upward
zero crossings over the sustained part of each note; clicks by the largest first and second
sample differences against what the raised-cosine envelope and the sine's own slope allow
(5% margin plus float32 rounding).
"""

from __future__ import annotations

import numpy as np
import pytest

from signal_analysis import (
    assert_back_to_back,
    cents,
    decode,
    frequency_by_crossings,
    largest_steps,
    step_bounds,
    upward_crossings,
)

SAMPLE_RATE = 48000
MARGIN = 1.05
FLOAT_NOISE = 1e-6


@pytest.fixture(scope="module")
def bench(browser, static_server):
    context = browser.new_context()
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(error))
    page.goto(f"{static_server}/fixtures/audio-engine.html")
    page.wait_for_function("window.ready === true")
    yield page
    context.close()
    assert not errors


@pytest.fixture(scope="module")
def constants(bench):
    return bench.evaluate("window.constants")


def assert_click_free(x, amplitude, frequency, envelope_seconds, label):
    first_bound, second_bound = step_bounds(amplitude, frequency, SAMPLE_RATE, envelope_seconds)
    first, second = largest_steps(x)
    print(f"{label}: max|Δx| {first:.6f} (bound {first_bound:.6f}), "
          f"max|Δ²x| {second:.3e} (bound {second_bound:.3e})")
    assert first <= first_bound * MARGIN + FLOAT_NOISE, f"{label}: step {first} > {first_bound}"
    assert second <= second_bound * MARGIN + FLOAT_NOISE, f"{label}: slope change {second} > {second_bound}"


COMPARISONS = [
    # reference Hz, target Hz, target dB, note duration s
    (261.6255653005986, 261.7011, 0.0, 1.0),
    (440.0, 439.0, -1.7, 0.5),
    (65.40639132514966, 65.44417, 2.0, 1.3),
    (1046.5022612023945, 1047.1, -2.0, 0.3),
]


@pytest.mark.parametrize("reference,target,gain_db,duration", COMPARISONS)
def test_comparison_notes_are_exact_back_to_back_and_click_free(
    bench, constants, reference, target, gain_db, duration
):
    rendered = bench.evaluate(
        "p => window.renderComparison(p)",
        {"reference": reference, "target": target, "gainDecibels": gain_db,
         "noteDuration": duration, "sampleRate": SAMPLE_RATE},
    )
    mix, alone_ref, alone_tgt = (decode(rendered[k]) for k in ("mix", "reference", "target"))
    envelope = constants["ENVELOPE_SECONDS"]
    level = constants["NOTE_LEVEL"]

    # The two notes alone add up to the comparison (so measuring them apart is measuring it).
    assert np.max(np.abs(mix - (alone_ref + alone_tgt))) < 1e-6

    assert_back_to_back(alone_ref, alone_tgt, rendered["targetStart"], SAMPLE_RATE, f"{reference} Hz → {target} Hz")

    # Frequencies within 0.01 cent, measured over the sustain (envelope excluded).
    skip = int((envelope + 0.002) * SAMPLE_RATE)
    for label, signal, expected, start in (
        ("reference", alone_ref, reference, rendered["referenceStart"]),
        ("target", alone_tgt, target, rendered["targetStart"]),
    ):
        first = int(start * SAMPLE_RATE) + skip
        last = int((start + duration) * SAMPLE_RATE) - skip
        measured, intercept = frequency_by_crossings(signal, SAMPLE_RATE, first, last)
        error = cents(measured, expected)
        print(f"  {label}: requested {expected} Hz, measured {measured:.6f} Hz, error {error:+.6f} cent")
        assert abs(error) < 0.01
        # The oscillator starts at phase 0 at its scheduled time: the crossing grid extrapolated
        # back lands on the scheduled onset within a sample.
        period = SAMPLE_RATE / measured
        onset = intercept - round((intercept - start * SAMPLE_RATE) / period) * period
        assert abs(onset - start * SAMPLE_RATE) <= 1.0, f"{label} onset {onset} vs {start * SAMPLE_RATE}"

    # Level offset: the target's sustained peak is the reference's times 10^(dB/20).
    def peak(signal, start):
        a = int(start * SAMPLE_RATE) + skip
        return np.max(np.abs(signal[a:a + int(0.1 * SAMPLE_RATE)]))

    ratio = peak(alone_tgt, rendered["targetStart"]) / peak(alone_ref, rendered["referenceStart"])
    assert ratio == pytest.approx(10 ** (gain_db / 20), rel=2e-3)

    # No clicks anywhere: onsets, releases and the boundary between the notes.
    top = max(reference, target)
    amplitude = level * max(1.0, 10 ** (gain_db / 20))
    assert_click_free(mix, amplitude, top, envelope, f"comparison {reference}/{target}")


def test_the_click_measure_catches_a_hard_gated_sine(bench, constants):
    rendered = bench.evaluate(
        "p => window.renderHardGated(p)",
        {"frequency": 440.0, "start": 0.02, "stop": 0.02 + 0.5 + 0.3 / 440, "sampleRate": SAMPLE_RATE},
    )
    x = decode(rendered["samples"])
    first_bound, second_bound = step_bounds(constants["NOTE_LEVEL"], 440.0, SAMPLE_RATE, constants["ENVELOPE_SECONDS"])
    first, second = largest_steps(x)
    print(f"hard gate: max|Δx| {first:.4f} (bound {first_bound:.4f}), max|Δ²x| {second:.3e} (bound {second_bound:.3e})")
    assert first > 5 * first_bound
    assert second > 5 * second_bound


def test_stop_all_releases_without_a_click(bench, constants):
    rendered = bench.evaluate(
        "p => window.renderStopAll(p)",
        {"frequency": 987.77, "noteDuration": 2.0, "stopAt": 0.4567, "sampleRate": SAMPLE_RATE},
    )
    x = decode(rendered["samples"])
    silent_at = rendered["silentAt"]
    assert silent_at < 0.4567 + 0.05
    assert np.all(x[int(np.ceil(silent_at * SAMPLE_RATE)) + 1:] == 0), "silent after the release"
    assert_click_free(x, constants["NOTE_LEVEL"], 987.77, constants["STOP_RELEASE_SECONDS"], "stopAll")


def test_tunable_note_follows_the_slider_smoothly_and_lands_on_the_mapping(bench, constants):
    # The slider's mapping is the core's (100 cents per unit); here, the frequencies it gives.
    start_frequency, span = 311.127, 100
    changes = [{"time": 0.5, "frequency": start_frequency * 2 ** (0.5 * span / 1200)},
               {"time": 1.0, "frequency": start_frequency * 2 ** (-0.25 * span / 1200)}]
    rendered = bench.evaluate(
        "p => window.renderTunable(p)",
        {"startFrequency": start_frequency, "highestFrequency": start_frequency * 2 ** (span / 1200),
         "changes": changes, "seconds": 1.6, "sampleRate": SAMPLE_RATE, "stopAt": 1.5},
    )
    x = decode(rendered["samples"])
    applied = rendered["applied"]
    assert [c["frequency"] for c in applied] == [c["frequency"] for c in changes]
    skip = int((constants["ENVELOPE_SECONDS"] + 0.002) * SAMPLE_RATE)
    start = int(rendered["startTime"] * SAMPLE_RATE)
    settle = int(10 * constants["GLIDE_TIME_CONSTANT"] * SAMPLE_RATE)

    # Each plateau at its mapped frequency, within 0.01 cent.
    plateaus = [
        (start + skip, int(applied[0]["time"] * SAMPLE_RATE), start_frequency),
        (int(applied[0]["time"] * SAMPLE_RATE) + settle, int(applied[1]["time"] * SAMPLE_RATE),
         changes[0]["frequency"]),
        (int(applied[1]["time"] * SAMPLE_RATE) + settle, int(rendered["silentAt"] * SAMPLE_RATE) - skip,
         changes[1]["frequency"]),
    ]
    for first, last, expected in plateaus:
        measured, _ = frequency_by_crossings(x, SAMPLE_RATE, first, last)
        print(f"tunable plateau: expected {expected:.6f} Hz, measured {measured:.6f} Hz, "
              f"error {cents(measured, expected):+.6f} cent")
        assert abs(cents(measured, expected)) < 0.01

    # Instantaneous frequency (one value per period) moves monotonically to the new value,
    # with no jump larger than the glide itself makes in one period.
    crossings = upward_crossings(x, start + skip, int(rendered["silentAt"] * SAMPLE_RATE) - skip)
    instantaneous = SAMPLE_RATE / np.diff(crossings)
    times = crossings[1:] / SAMPLE_RATE
    tolerance = 1e-3  # Hz: interpolation noise of a single-period estimate
    for index, (before, after) in enumerate(((plateaus[0][2], plateaus[1][2]), (plateaus[1][2], plateaus[2][2]))):
        change_at = applied[index]["time"]
        window = (times > change_at - 0.01) & (times < change_at + 10 * constants["GLIDE_TIME_CONSTANT"])
        f = instantaneous[window]
        steps = np.diff(f) * np.sign(after - before)
        assert np.all(steps >= -tolerance), f"not monotonic: {steps.min()}"
        max_step = abs(after - before) * (1 - np.exp(-(1 / before) / constants["GLIDE_TIME_CONSTANT"]))
        print(f"glide {before:.3f} → {after:.3f} Hz: largest per-period change {np.max(np.abs(np.diff(f))):.4f} Hz "
              f"(a first-order glide allows {max_step:.4f} Hz)")
        assert np.max(np.abs(np.diff(f))) <= max_step * 1.1 + tolerance
        assert f[0] == pytest.approx(before, abs=0.01) and f[-1] == pytest.approx(after, abs=0.01)

    # No steps in the waveform: the whole render, onset, glides and release, is click-free.
    top = max(p[2] for p in plateaus)
    assert_click_free(x, constants["NOTE_LEVEL"], top, constants["STOP_RELEASE_SECONDS"], "tunable note")


def test_the_wrong_answer_sound_is_short_quiet_unpitched_and_click_free(bench, constants):
    """The sound after a wrong answer (the `wrongAnswerSound` setting): a tenth of a second of
    soft noise, about 14 dB under a note, with no period a pitch could be heard in, beginning and
    ending without a click."""
    start = 0.05
    rendered = bench.evaluate("p => window.renderWrongAnswerSound(p)",
                              {"startTime": start, "frequency": 440.0, "sampleRate": SAMPLE_RATE})
    sound, note = decode(rendered["sound"]), decode(rendered["note"])
    begin, end = round(rendered["startTime"] * SAMPLE_RATE), round(rendered["endTime"] * SAMPLE_RATE)
    assert rendered["endTime"] - rendered["startTime"] == pytest.approx(constants["WRONG_ANSWER_SECONDS"])
    assert constants["WRONG_ANSWER_SECONDS"] <= 0.1, "it ends long before the next note, 400 ms after the answer"
    # Silent outside its tenth of a second.
    assert np.max(np.abs(sound[:begin])) == 0 and np.max(np.abs(sound[end + 1:])) == 0
    body = sound[begin:end]
    # Quiet: its level against a sine note of the same length and envelope.
    level = 20 * np.log10(np.sqrt(np.mean(body**2)) / np.sqrt(np.mean(note[begin:end] ** 2)))
    print(f"wrong-answer sound: {level:+.1f} dB against a note")
    assert -20 <= level <= -9
    # Unpitched: no lag of 1–20 ms (50–1000 Hz) at which the sound repeats itself.
    centred = body - body.mean()
    correlation = np.correlate(centred, centred, mode="full")[len(centred) - 1:] / np.dot(centred, centred)
    lags = correlation[int(0.001 * SAMPLE_RATE):int(0.02 * SAMPLE_RATE)]
    print(f"largest autocorrelation at 1–20 ms: {np.max(np.abs(lags)):.3f}")
    assert np.max(np.abs(lags)) < 0.3
    # No click: it rises from and falls to silence over the envelope's 8 ms.
    edge = int(constants["ENVELOPE_SECONDS"] * SAMPLE_RATE) // 4
    peak = np.max(np.abs(body))
    assert np.max(np.abs(body[:edge])) < 0.25 * peak and np.max(np.abs(body[-edge:])) < 0.25 * peak
