"""Watches what the page's audio engine schedules, on the page's own audio clock.

`install(page)` adds an init script (it runs before the page's modules) that wraps `start` and
`stop` of `OscillatorNode` (the sine) and `AudioBufferSourceNode` (an instrument's zone) and
records, for every source node, its frequency (a buffer source's `playbackRate` times the root
frequency the engine puts on it as `peachRootFrequency`), which sound it is, the scheduled
start time and every stop time asked for (with `currentTime` at the call), and
records the audio-clock time at which an answer control becomes usable (`disabled` removed
from `#answer-higher`, `aria-disabled="false"` on `#pitch-slider`). Nothing in the engine is
replaced: the real `start`/`stop` run with the same arguments.

Each Peach voice is one source node (audio-engine.js), so the notes come out in scheduling
order: reference, target, reference, target, …
"""

from __future__ import annotations

from dataclasses import dataclass

import device_page
from device_page import AUDIO_CONTEXT_JS

PROBE_SCRIPT = """(() => {
  const notes = [];
  const opened = [];
  window.__peachProbe = { notes, opened };
  const sound = (node) => (node instanceof OscillatorNode
    ? { frequency: node.frequency.value, sound: { kind: 'sine' } }
    : { frequency: node.playbackRate.value * (node.peachRootFrequency ?? NaN),
        sound: { kind: 'sample', rootFrequency: node.peachRootFrequency ?? null,
                 bufferSampleRate: node.buffer?.sampleRate ?? null, frames: node.buffer?.length ?? null,
                 loops: node.loop } });
  for (const type of [OscillatorNode, AudioBufferSourceNode]) {
    const start = type.prototype.start;
    const stop = type.prototype.stop;
    type.prototype.start = function (when = 0, ...rest) {
      // Only the engine's voices: not app.js's one silent sample that unlocks audio on iOS.
      if (type === AudioBufferSourceNode && this.peachRootFrequency === undefined) {
        return start.call(this, when, ...rest);
      }
      this.__probe = { ...sound(this), start: when, stops: [],
                       calledAt: this.context.currentTime, sampleRate: this.context.sampleRate };
      notes.push(this.__probe);
      return start.call(this, when, ...rest);
    };
    type.prototype.stop = function (when = 0, ...rest) {
      this.__probe?.stops.push({ when, calledAt: this.context.currentTime });
      return stop.call(this, when, ...rest);
    };
  }
  new MutationObserver((records) => {
    for (const record of records) {
      const element = record.target;
      const usable = (element.id === 'answer-higher' && record.attributeName === 'disabled'
                      && record.oldValue !== null && !element.disabled)
                  || (element.id === 'pitch-slider' && record.attributeName === 'aria-disabled'
                      && record.oldValue === 'true' && element.getAttribute('aria-disabled') === 'false');
      if (usable) opened.push(""" + AUDIO_CONTEXT_JS + """?.currentTime ?? null);
    }
  }).observe(document, { subtree: true, attributes: true, attributeOldValue: true,
                         attributeFilter: ['disabled', 'aria-disabled'] });
})()"""


@dataclass
class Note:
    frequency: float
    start: float
    end: float  # when it is silent: the earliest stop asked for (never before it was asked)
    stop_asked_at: float | None  # `currentTime` when that stop was asked for
    sample_rate: float
    # "sine", or "sample" with the zone's root frequency and its buffer's rate and length
    sound: str = "sine"
    root_frequency: float | None = None
    buffer_sample_rate: float | None = None
    buffer_frames: int | None = None


def install(page) -> None:
    page.add_init_script(PROBE_SCRIPT)


def notes(page) -> list[Note]:
    raw = page.evaluate("window.__peachProbe.notes")
    result = []
    for note in raw:
        stops = sorted((max(stop["when"], stop["calledAt"]), stop["calledAt"]) for stop in note["stops"])
        end, asked = (max(note["start"], stops[0][0]), stops[0][1]) if stops else (float("inf"), None)
        sound = note["sound"]
        result.append(Note(note["frequency"], note["start"], end, asked, note["sampleRate"], sound["kind"],
                           sound.get("rootFrequency"), sound.get("bufferSampleRate"), sound.get("frames")))
    return result


def opened(page) -> list[float]:
    """Audio-clock times at which the answer controls became usable, in order."""
    return page.evaluate("window.__peachProbe.opened")


def wait_until_silent(page) -> None:
    """Resolves when every voice of the engine has ended (its source node's `ended` event)."""
    device_page.wait_until_silent(page)
