"""A sound card for browsers that have none: a PulseAudio daemon of the test's own with one null
sink, and recordings of what the browsers play into it (its monitor, read with `parec`).

Firefox plays Web Audio only when it can open an audio device: without one its AudioContext
never runs. WebKitGTK plays through GStreamer, whose `pulsesink` finds the same daemon. Both find
it through `PULSE_SERVER` (`environment()`); nothing of the machine's own audio is touched.

A recording is the real rendered output, after the browser's audio stack and PulseAudio's mixer:
what a loudspeaker would get. A recording starts once the sink is silent; `Recording.sound()`
waits until a sound has started and lasted `seconds` (polling the file `parec` writes, as the
only way to see it), then returns it."""

from __future__ import annotations

import os
import pathlib
import signal
import subprocess
import time

import numpy as np

SINK = "peach"
RATE = 48_000


class PulseAudio:
    """`pulseaudio` in the foreground, with only the modules named here (`-n`): a socket of its
    own and the null sink `peach`, the default sink. Stopped by `stop()`."""

    def __init__(self, folder: pathlib.Path):
        self.folder = folder
        self.socket = folder / "native"
        folder.mkdir(parents=True, exist_ok=True)
        # Its own home and runtime folder: the daemon writes its cookie and state there.
        environment = dict(os.environ, HOME=str(folder), XDG_RUNTIME_DIR=str(folder),
                           XDG_CONFIG_HOME=str(folder / "config"))
        self.process = subprocess.Popen(
            ["pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1", "--use-pid-file=no",
             "--log-target=stderr",
             "-L", f"module-native-protocol-unix socket={self.socket} auth-anonymous=1",
             "-L", f"module-null-sink sink_name={SINK} rate={RATE}"],
            env=environment, stdout=subprocess.DEVNULL, stderr=open(folder / "pulseaudio.log", "w"))
        deadline = time.monotonic() + 15
        while subprocess.run(["pactl", f"--server=unix:{self.socket}", "info"],
                             capture_output=True).returncode != 0:
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("pulseaudio did not start: " + (folder / "pulseaudio.log").read_text())
            time.sleep(0.05)

    def environment(self) -> dict[str, str]:
        """What a browser's environment needs to play into the null sink."""
        return {"PULSE_SERVER": f"unix:{self.socket}", "PULSE_SINK": SINK}

    def record(self, name: str) -> "Recording":
        return Recording(self, self.folder / f"{name}.raw")

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=10)


class Recording:
    """The null sink's monitor, mono 16-bit at `RATE`, written to a file while it runs:
    `with pulse.record("name") as recording: …; samples = recording.sound(1.0)`."""

    SILENCE = 0.01  # of full scale: far above the monitor's zeros, far below a note (≈ 0.1–0.5)

    def __init__(self, pulse: PulseAudio, path: pathlib.Path):
        self.path = path
        self.output = open(path, "wb")
        self.process = subprocess.Popen(
            ["parec", f"--server=unix:{pulse.socket}", f"--device={SINK}.monitor", "--raw",
             "--format=s16le", f"--rate={RATE}", "--channels=1", "--latency-msec=20"],
            stdout=self.output, stderr=subprocess.DEVNULL)
        # Ready once the sink has been silent for a moment (the end of a sound played before
        # is not this recording's sound); nothing played after this returns is missed.
        quiet = int(0.05 * RATE)
        self._wait(lambda: len(x := self.samples()) >= quiet and np.abs(x[-quiet:]).max() < self.SILENCE,
                   10, "silence in the sink")
        self.start = len(self.samples())

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.stop()

    def samples(self) -> np.ndarray:
        data = self.path.read_bytes()
        return np.frombuffer(data[: len(data) // 2 * 2], dtype="<i2").astype(np.float64) / 32768

    def sound(self, seconds: float, timeout: float = 15) -> np.ndarray:
        """The first sound recorded, `seconds` long from its onset (waits for it)."""
        def onset():
            loud = np.nonzero(np.abs(self.samples()[self.start:]) > self.SILENCE)[0]
            return self.start + int(loud[0]) if len(loud) else None
        self._wait(lambda: onset() is not None, timeout, "a sound in the recording")
        start = onset()
        length = int(seconds * RATE)
        self._wait(lambda: len(self.samples()) >= start + length, timeout, f"{seconds} s of the sound")
        return self.samples()[start:start + length]

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        self.output.close()

    def _wait(self, predicate, timeout, what):
        deadline = time.monotonic() + timeout
        while not predicate():
            if self.process.poll() is not None:
                raise RuntimeError(f"parec exited ({self.process.returncode}) waiting for {what}")
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what}")
            time.sleep(0.05)


def spectrum_peaks(samples: np.ndarray, frequencies: list[float]) -> list[tuple[float, float]]:
    """For each frequency, the strongest component within a semitone of it: (its frequency,
    its amplitude relative to the whole signal's strongest component). A Hann window, and the
    peak's bin refined by a parabola through the log magnitudes of it and its neighbours."""
    windowed = samples * np.hanning(len(samples))
    magnitude = np.abs(np.fft.rfft(windowed))
    bin_hertz = RATE / len(samples)
    strongest = magnitude.max()
    peaks = []
    for frequency in frequencies:
        low, high = int(frequency / 2 ** (1 / 12) / bin_hertz), int(frequency * 2 ** (1 / 12) / bin_hertz) + 1
        k = low + int(np.argmax(magnitude[low:high]))
        a, b, c = np.log(magnitude[k - 1: k + 2] + 1e-12)
        offset = 0.5 * (a - c) / (a - 2 * b + c) if a - 2 * b + c != 0 else 0.0
        peaks.append(((k + offset) * bin_hertz, magnitude[k] / strongest))
    return peaks


def unbroken(sound: np.ndarray, block_seconds: float = 0.01) -> tuple[np.ndarray, int]:
    """The longest stretch of `sound` without a dropout, and how many dropouts it has: silent
    blocks of `block_seconds` between loud ones (a browser's audio thread that missed its turn
    leaves a gap of silence in what the sink got)."""
    block = int(block_seconds * RATE)
    blocks = sound[: len(sound) // block * block].reshape(-1, block)
    loud = (np.abs(blocks).max(axis=1) >= Recording.SILENCE).astype(int)
    edges = np.diff(np.concatenate([[0], loud, [0]]))
    starts, ends = np.nonzero(edges == 1)[0], np.nonzero(edges == -1)[0]
    longest = int(np.argmax(ends - starts))
    return blocks[starts[longest]:ends[longest]].ravel(), len(starts) - 1
