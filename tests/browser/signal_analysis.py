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


def largest_steps(x: np.ndarray) -> tuple[float, float]:
    """(max |first difference|, max |second difference|)."""
    return float(np.max(np.abs(np.diff(x)))), float(np.max(np.abs(np.diff(x, 2))))
