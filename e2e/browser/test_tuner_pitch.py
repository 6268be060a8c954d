"""`signal_analysis.tuner_pitch`, the measure test_sound_presets.py judges the instruments' pitch
by, checked on synthetic tones whose pitch is known by construction (numpy only, no browser).
"""

from __future__ import annotations

import numpy as np
import pytest

from signal_analysis import cents, tuner_pitch

RATE = 48000
FREQUENCY = 293.7
FIRST = (RATE // 10, RATE)  # the note's first second after its onset


def tone(harmonics, frequency=FREQUENCY, seconds=1.0, rate=RATE):
    """Partials `harmonics` of `frequency`, amplitude 1/k and phase k, rounded to float32."""
    t = np.arange(int(seconds * rate)) / rate
    x = sum(np.sin(2 * np.pi * k * frequency * t + k) / k for k in harmonics) / 3
    return x.astype(np.float32).astype(np.float64)


@pytest.mark.parametrize("detune", [0.0, 0.5, -0.5])
def test_a_harmonic_tone_measures_at_its_first_partial_to_a_hundredth_of_a_cent(detune):
    frequency = FREQUENCY * 2 ** (detune / 1200)
    pitch = tuner_pitch(tone(range(1, 9), frequency), RATE, FREQUENCY * 2 ** (40 / 1200), *FIRST)
    print(f"{detune:+.1f} cent: measured {cents(pitch.hertz, FREQUENCY):+.4f}, varies {pitch.variation_cents:.3f}")
    assert pitch.partial == 1
    assert abs(cents(pitch.hertz, frequency)) < 0.01
    assert pitch.variation_cents < 0.5


def test_a_missing_fundamental_measures_at_half_the_second_partial():
    pitch = tuner_pitch(tone(range(2, 9)), RATE, FREQUENCY * 2 ** (-40 / 1200), *FIRST)
    assert pitch.partial == 2
    assert abs(cents(pitch.hertz, FREQUENCY)) < 0.01


def test_a_weak_fundamental_is_still_the_first_partial():
    """−26 dB under the second partial (a twentieth of its amplitude): present, so measured."""
    t = np.arange(RATE) / RATE
    x = 0.025 * np.sin(2 * np.pi * FREQUENCY * t) + 0.5 * np.sin(2 * np.pi * 2 * FREQUENCY * t + 1)
    pitch = tuner_pitch(x, RATE, FREQUENCY, *FIRST)
    assert pitch.partial == 1
    assert abs(cents(pitch.hertz, FREQUENCY)) < 0.05


def test_a_drifting_tone_measures_at_its_intensity_weighted_frequency_and_varies():
    """−10 to +10 cents over the second while the amplitude grows fivefold: the intensity-weighted
    mean, computed directly from the definition over the frames' centres, is near +3 cents."""
    t = np.arange(RATE) / RATE
    amplitude = 0.2 + 0.8 * t
    frequency = FREQUENCY * 2 ** ((-10 + 20 * t) / 1200)
    phase = 2 * np.pi * np.cumsum(frequency) / RATE
    x = amplitude * (np.sin(phase) + 0.5 * np.sin(2 * phase + 1) + 0.3 * np.sin(3 * phase + 2)) / 2
    pitch = tuner_pitch(x, RATE, FREQUENCY, *FIRST)
    edge = round(2 * RATE / FREQUENCY)  # the first frame's centre is two periods in
    span = slice(FIRST[0] + edge, FIRST[1] - edge)
    expected = np.sum(amplitude[span] ** 2 * frequency[span]) / np.sum(amplitude[span] ** 2)
    print(f"measured {cents(pitch.hertz, FREQUENCY):+.3f} cents, expected {cents(expected, FREQUENCY):+.3f}, "
          f"varies {pitch.variation_cents:.2f}")
    assert abs(cents(pitch.hertz, expected)) < 0.1
    assert cents(pitch.hertz, FREQUENCY) > 2  # the unweighted mean would be 0
    assert 14 < pitch.variation_cents < 20


def test_a_vibrato_of_whole_cycles_measures_at_its_centre_and_varies():
    """±20 cents at 5 Hz, four whole cycles in the window: the mean is the centre."""
    t = np.arange(RATE) / RATE
    frequency = FREQUENCY * 2 ** (20 * np.sin(2 * np.pi * 5 * (t - 0.1)) / 1200)
    phase = 2 * np.pi * np.cumsum(frequency) / RATE
    x = np.sin(phase) + 0.4 * np.sin(2 * phase)
    pitch = tuner_pitch(x, RATE, FREQUENCY, RATE // 10, RATE // 10 + 4 * RATE // 5)
    assert abs(cents(pitch.hertz, FREQUENCY)) < 0.2
    assert pitch.variation_cents > 5


def test_a_loop_that_is_not_a_whole_number_of_periods_sounds_at_its_whole_cycles():
    """22.967 periods of a sine in a 293-frame loop at 32 kHz (like the piano's top zones before
    preparation): looped, it measures at 23 cycles per loop, 2.5 cents sharp of the sine."""
    rate, length = 32000, 293
    frequency = 22.967 * rate / length
    sample = np.sin(2 * np.pi * frequency * np.arange(2000) / rate) / 2
    loop = sample[1000:1000 + length]
    played = np.concatenate([sample[:1000 + length], np.tile(loop, 120)])
    start = 1000 + 2 * length
    pitch = tuner_pitch(played, rate, frequency, start, start + 54 * length)
    assert abs(cents(pitch.hertz, 23 * rate / length)) < 0.1
    assert cents(pitch.hertz, frequency) > 2
