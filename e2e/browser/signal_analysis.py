"""Measurements on rendered audio (numpy), used by the audio-engine browser tests.

Frequency: upward zero crossings located by linear interpolation between the two samples
around each crossing, then a least-squares line through crossing time vs. crossing number
over many periods; the slope is the period. For a sine the interpolation error near a zero
crossing is third order (sin'' = 0 there), far below 0.01 cent over hundreds of periods.

Clicks: a click is a step the note itself cannot make. For g(t)·a·sin(ωt) with a raised-cosine
envelope g of length A, the largest sample-to-sample step is bounded by
    |Δx| ≤ a·(ω + π/(2A)) / fs                                   (first difference)
and the largest change of slope by
    |Δ²x| ≤ a·(ω² + 2ω·π/(2A) + 2·(π/A)²/2) / fs²               (second difference)
(the last term doubled for the curve's linear interpolation between its 256 points).
A hard onset or stop breaks the second bound (the slope jumps by a·ω/fs, about ω·fs times
the allowed change); a stop mid-cycle breaks the first (a step of up to a).
"""

from __future__ import annotations

import base64
import math
from dataclasses import dataclass

import numpy as np


def decode(text: str) -> np.ndarray:
    """Samples sent by the page as base64 little-endian float32."""
    return np.frombuffer(base64.b64decode(text), dtype="<f4").astype(np.float64)


def upward_crossings(x: np.ndarray, start: int, stop: int) -> np.ndarray:
    """Fractional sample positions of upward zero crossings in x[start:stop]."""
    segment = x[start:stop]
    i = np.nonzero((segment[:-1] < 0) & (segment[1:] >= 0))[0]
    fraction = -segment[i] / (segment[i + 1] - segment[i])
    return start + i + fraction


def frequency_by_crossings(x: np.ndarray, sample_rate: float, start: int, stop: int) -> tuple[float, float]:
    """(frequency, intercept in samples) from a line through the upward crossings."""
    crossings = upward_crossings(x, start, stop)
    k = np.arange(len(crossings), dtype=np.float64)
    period, intercept = np.polyfit(k, crossings, 1)
    return sample_rate / period, intercept


def cents(measured: float, expected: float) -> float:
    return 1200.0 * math.log2(measured / expected)


def step_bounds(amplitude: float, frequency: float, sample_rate: float, envelope_seconds: float):
    """(first-difference bound, second-difference bound) for a raised-cosine-shaped sine."""
    w = 2 * math.pi * frequency
    slope = math.pi / (2 * envelope_seconds)
    curvature = (math.pi / envelope_seconds) ** 2 / 2
    first = amplitude * (w + slope) / sample_rate
    second = amplitude * (w * w + 2 * w * slope + 2 * curvature) / sample_rate**2
    return first, second


def assert_back_to_back(alone_reference: np.ndarray, alone_target: np.ndarray, target_start: float,
                        sample_rate: float, label: str) -> None:
    """Reference and target rendered alone at a comparison's times: the reference is silent from
    sample E on, the target sounds from sample S; both envelopes are exactly 0 at their boundary
    sample, so S − 1 is the target's onset, and it is E, and the scheduled start, within a sample."""
    reference_end = int(np.nonzero(alone_reference)[0][-1]) + 1
    target_onset = int(np.nonzero(alone_target)[0][0]) - 1
    scheduled = target_start * sample_rate
    print(f"{label}: reference silent from sample {reference_end}, "
          f"target onset at sample {target_onset}, scheduled {scheduled:.3f}")
    assert abs(target_onset - reference_end) <= 1
    assert abs(target_onset - scheduled) <= 1
    assert np.all(alone_reference[reference_end:] == 0)
    assert np.all(alone_target[:target_onset + 1] == 0)


def largest_steps(x: np.ndarray) -> tuple[float, float]:
    """(max |first difference|, max |second difference|)."""
    return float(np.max(np.abs(np.diff(x)))), float(np.max(np.abs(np.diff(x, 2))))


# --- Sampled voices -----------------------------------------------------------------------


@dataclass
class RatioFit:
    """`rendered[n] ≈ gain · root_rendering(ratio · n + offset)` over the fitted window."""

    ratio: float
    gain: float
    offset: float  # samples of the root rendering at n = 0
    residual: float  # rms misfit / rms of the window: near 0 for a true time-scaled copy

    def cents_from(self, expected: float) -> float:
        return cents(self.ratio, expected)


def _upsampled(x: np.ndarray, factor: int) -> np.ndarray:
    """x band-limited-interpolated to `factor` × its rate (FFT zero padding; x's ends silent)."""
    n = len(x)
    spectrum = np.fft.rfft(x)
    return np.fft.irfft(spectrum, n * factor) * factor


def _cubic(table: np.ndarray, position: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Catmull-Rom value and derivative (per table step) of `table` at fractional positions."""
    i = np.floor(position).astype(np.int64)
    t = position - i
    p0, p1, p2, p3 = table[i - 1], table[i], table[i + 1], table[i + 2]
    c1 = 0.5 * (p2 - p0)
    c2 = p0 - 2.5 * p1 + 2 * p2 - 0.5 * p3
    c3 = 0.5 * (p3 - p0) + 1.5 * (p1 - p2)
    value = p1 + t * (c1 + t * (c2 + t * c3))
    slope = c1 + t * (2 * c2 + 3 * t * c3)
    return value, slope


def playback_ratio(
    rendered: np.ndarray,
    root_rendering: np.ndarray,
    sample_rate: float,
    start: int,
    stop: int,
    expected: float,
    onset: float | None = None,
    search_cents: float = 30.0,
) -> RatioFit:
    """The time-scale ratio between two renderings of the same sample data.

    Both arguments are renderings of one zone by the engine, `root_rendering` at the zone's root
    frequency (playbackRate 1) and `rendered` at some frequency f; an AudioBufferSourceNode at
    rate r reads the data r times as fast, so rendered(n) = a·root_rendering(r·n + φ) wherever
    both play the (unwrapped, looped) data — before, across and after loop points alike, since
    a seamless loop is the same periodic signal at any rate. The measured r is compared with
    f / rootFrequency; it needs no knowledge of the waveform (real SoundFont samples: attack,
    inharmonic partials, loops of any length). `onset`: the sample (fractional) at which both
    renderings started reading the data, if they started together; then φ = onset·(1 − r) and
    the match is unambiguous. Without it φ is searched freely (cross-correlation), which on a
    periodic loop may pick another period — equally good for r, but a larger `residual`.
    [start, stop): samples of `rendered` to fit (the sustain, envelope excluded);
    `root_rendering` must cover r·[start, stop) + φ.

    Method (coarse to fine): `root_rendering` is interpolated band-limited (4× FFT upsampling,
    then Catmull-Rom, value and slope). Coarse: over a short window at `start` (8 periods of the
    window's dominant frequency, at least 20 ms), every ratio of a grid spanning ±search_cents
    around `expected`, spaced so that the window's far end moves by less than 1/8 period of its
    highest significant (rms spectral) frequency, is scored by normalised correlation; the best
    gives r (and φ). Fine: Gauss-Newton on (a, r, φ) over the window, the window doubled after
    each round until it is [start, stop). The final r is the least-squares fit over every sample
    of [start, stop): for a few tenths of a second its statistical error is far below 0.001
    cent (the float32 playbackRate itself is exact to about 1e-4 cent).
    Cost: O(grid · short) with `onset` (O(grid · len(root_rendering) · log) without),
    then O((stop − start) · 4 · rounds).
    """
    factor = 4
    x = np.asarray(root_rendering, dtype=np.float64)
    table = np.concatenate(([0.0, 0.0], _upsampled(x, factor), [0.0, 0.0, 0.0]))
    limit = len(table) - 3.0
    y_all = np.asarray(rendered, dtype=np.float64)

    def model(n, r, phi):
        position = (r * n + phi) * factor + 2
        inside = (position >= 1) & (position < limit)
        value, slope = _cubic(table, np.clip(position, 1, limit - 1e-9))
        return np.where(inside, value, 0.0), np.where(inside, slope * factor, 0.0), inside

    probe = y_all[start:stop]
    spectrum = np.abs(np.fft.rfft(probe * np.hanning(len(probe)))) ** 2
    bins = np.arange(len(spectrum))
    dominant = max(int(np.argmax(spectrum[1:])) + 1, 1) * sample_rate / len(probe)
    highest = max(dominant, float(np.sqrt(np.sum(spectrum * bins**2) / np.sum(spectrum))) * sample_rate / len(probe))
    short = int(min(stop - start, max(8 * sample_rate / dominant, 0.02 * sample_rate)))
    n = np.arange(start, start + short, dtype=np.float64)
    y = y_all[start:start + short]
    lever = short if onset is None else start + short - onset
    step = sample_rate / (8 * highest) / lever
    span = 2 ** (search_cents / 1200) - 1
    best = (-np.inf, expected, 0.0)
    for r in expected * (1 + np.arange(-span, span + step, step)):
        if onset is not None:
            phi = onset * (1 - r)
            z, _, inside = model(n, r, phi)
            score = float(np.dot(z, y) / np.sqrt(np.dot(z, z) + 1e-30)) if np.all(inside) else -np.inf
            if score > best[0]:
                best = (score, r, phi)
            continue
        count = int(len(x) / r) - 2
        lags = count - (stop - start)  # only lags that leave room for the whole window
        if lags <= 0:
            continue
        z, _, _ = model(np.arange(count, dtype=np.float64), r, 0.0)
        size = 1 << int(np.ceil(np.log2(count + short)))
        correlation = np.fft.irfft(np.fft.rfft(z, size) * np.conj(np.fft.rfft(y, size)), size)[:lags]
        energy = np.sqrt(np.convolve(z**2, np.ones(short), "valid")[:lags] + 1e-30)
        score = correlation / energy
        lag = int(np.argmax(score))
        if score[lag] > best[0]:
            # z[lag + k] matches y[k] = rendered[start + k]: r·(lag + k) = r·(start + k) + φ.
            best = (score[lag], r, r * (lag - start))
    _, r, phi = best

    a = 1.0
    window = short
    while True:
        hi = min(stop, start + window)
        n = np.arange(start, hi, dtype=np.float64)
        y = y_all[start:hi]
        center = 0.5 * (start + hi)
        for _ in range(4):
            value, slope, inside = model(n, r, phi)
            if not np.all(inside):
                raise ValueError("root_rendering is too short for the fitted window at this ratio")
            a = float(np.dot(value, y) / np.dot(value, value))
            jacobian = np.column_stack((value, a * slope * (n - center), a * slope))
            _, dr, dc = np.linalg.lstsq(jacobian, y - a * value, rcond=None)[0]
            r += dr
            phi += dc - dr * center  # the fit's offset is at the window centre
        if hi >= stop:
            break
        window *= 2
    value, _, _ = model(n, r, phi)
    a = float(np.dot(value, y) / np.dot(value, value))
    misfit = float(np.sqrt(np.mean((y - a * value) ** 2) / np.mean(y**2)))
    return RatioFit(ratio=float(r), gain=a, offset=float(phi), residual=misfit)


def interpolation_weight(rate: float) -> float:
    """max over read positions of Σ_k tri(k − p) (triangle of height and half-width `rate`):
    how many times the data's largest second difference a linear-interpolating resampler can
    put into one output second difference when it reads `rate` frames per output sample."""
    p = np.linspace(0, 1, 201)[:, None]
    k = np.arange(-int(np.ceil(rate)) - 1, int(np.ceil(rate)) + 2)[None, :]
    return float(np.max(np.sum(np.maximum(0.0, rate - np.abs(k - p)), axis=1)))


def sampled_step_bounds(
    played: np.ndarray, rate: float, amplitude: float, sample_rate: float, envelope_seconds: float
) -> tuple[float, float]:
    """(first-difference bound, second-difference bound) for sample data `played` (the frames
    in the order the voice reads them, loop wraps included) read `rate` buffer frames per output
    sample by linear interpolation (Chromium's AudioBufferSourceNode), scaled by `amplitude` and
    shaped by a raised-cosine envelope of `envelope_seconds`.

    The data's own steps stand in for the sine's ω/fs and ω²/fs²: |Δy| ≤ rate·max|Δs|, and
    |Δ²y| ≤ interpolation_weight(rate)·max|Δ²s|; the envelope terms are the sine's. A seamless
    loop adds nothing (its wrap is just more data); a loop point off by a fraction of a period
    or a hard gate adds a step of the order of the signal itself.
    """
    s = np.asarray(played, dtype=np.float64)
    peak = float(np.max(np.abs(s)))
    d1 = float(np.max(np.abs(np.diff(s)))) * rate
    d2 = float(np.max(np.abs(np.diff(s, 2)))) * interpolation_weight(rate)
    slope = math.pi / (2 * envelope_seconds) / sample_rate
    curvature = (math.pi / envelope_seconds) ** 2 / 2 / sample_rate**2
    first = amplitude * (d1 + peak * slope)
    second = amplitude * (d2 + 2 * d1 * slope + 2 * peak * curvature)
    return first, second


# --- Pitch as a tuner reads it ------------------------------------------------------------


@dataclass
class TunerPitch:
    """The first partial's intensity-weighted frequency over a stretch (docs/sounds.md, "In tune")."""

    hertz: float
    variation_cents: float  # largest distance between the pitches of its parts (0.1 s of the zone)
    partial: int  # 1, or 2 where the first partial is missing (hertz is then half the second's)


def _partial_track(x: np.ndarray, sample_rate: float, start: int, stop: int, frame: int, hop: int,
                   hertz: float, passes: int):
    """(hertz, instantaneous frequencies, weights) of the partial nearest `hertz`: Hann frames of
    `frame` samples, `hop` apart, demodulated at `hertz` and then at each pass's weighted mean."""
    hann = 0.5 - 0.5 * np.cos(2 * np.pi * (np.arange(frame) + 0.5) / frame)
    starts = np.arange(start, stop - frame + 1, hop)
    index = starts[:, None] + np.arange(frame)[None, :]
    segments = x[index] * hann
    for _ in range(passes):
        omega = 2 * np.pi * hertz / sample_rate
        s = np.sum(segments * np.exp(-1j * omega * index), axis=1)
        advance = s[1:] * np.conj(s[:-1])
        frequencies = hertz + np.angle(advance) * sample_rate / (2 * np.pi * hop)
        weights = np.abs(advance)
        if not np.sum(weights) > 0:
            return None
        hertz = float(np.sum(weights * frequencies) / np.sum(weights))
    return hertz, frequencies, weights


def tuner_pitch(x: np.ndarray, sample_rate: float, nominal: float, start: int, stop: int,
                part_length: int | None = None) -> TunerPitch | None:
    """The pitch a tuner reads from x[start:stop], looking near `nominal` hertz: the same definition
    as the server's preparation (Sources/SoundFont/TunerPitch.swift), written again with numpy.

    The first partial is demodulated in Hann frames four periods of `nominal` long and two apart
    (a band-pass whose zeros fall on the neighbouring partials): the phase advance between two
    frames is its instantaneous frequency, the product of their magnitudes its intensity there,
    and the pitch is the intensity-weighted mean (demodulated once more at the first pass's
    result). Where the first partial's mean intensity is under a thousandth of the second's, it
    is missing and the pitch is half the second's. `part_length`: samples per part for
    `variation_cents` (0.1 s by default; pass 0.1 s of the zone's data, scaled to the rendering).
    """
    frame = max(4, round(4 * sample_rate / nominal))
    hop = max(1, round(2 * sample_rate / nominal))
    if stop - start < frame + hop:
        return None
    first = _partial_track(x, sample_rate, start, stop, frame, hop, nominal, 2)
    second = (_partial_track(x, sample_rate, start, stop, frame, hop, 2 * nominal, 1)
              if 4 * nominal < sample_rate else None)
    intensity = lambda track: float(np.mean(track[2])) if track else 0.0
    missing = intensity(first) * 1000 < intensity(second)
    track = _partial_track(x, sample_rate, start, stop, frame, hop, 2 * nominal, 2) if missing else first
    if track is None:
        return None
    divisor = 2.0 if missing else 1.0
    hertz, frequencies, weights = track
    part_length = part_length or round(0.1 * sample_rate)
    part = (np.arange(len(weights)) * hop + hop // 2 + frame // 2) // part_length
    pitches, loudness = [], []
    for p in np.unique(part):
        w = weights[part == p]
        if np.sum(w) > 0:
            pitches.append(np.sum(w * frequencies[part == p]) / np.sum(w) / divisor)
            loudness.append(np.mean(w))
    kept = [pitch for pitch, level in zip(pitches, loudness) if level * 100 >= max(loudness)]
    return TunerPitch(hertz=hertz / divisor, variation_cents=cents(max(kept), min(kept)),
                      partial=2 if missing else 1)
