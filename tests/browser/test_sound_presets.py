"""The real SoundFont's prepared presets, played by the engine at exact pitches (issue 16).

Against the real `peach serve` with its prepared sounds (or, with `PEACH_SOUNDS_URL`, the base
URL of another running peach server). The page is the server's own start page, so the engine's
modules and `/sounds/…` are same-origin; it loads every source of `/sounds/index.json` for the
notes 36–84 with sound-library.js and renders, in OfflineAudioContexts at 48 kHz, each of the
notes 36, 48, 60, 72, 84 at offsets of ±0.1, ±3 and ±50 cents on its zone, and each zone at its
root frequency. `playback_ratio` (signal_analysis.py) measures the time-scale ratio between a
note and its zone's root rendering; it must be `frequency / rootFrequency` within 0.1 cent.
"""

from __future__ import annotations

import os

import numpy as np

from signal_analysis import decode, playback_ratio

SOUNDS_URL = os.environ.get("PEACH_SOUNDS_URL")
SAMPLE_RATE = 48000
NOTES = [36, 48, 60, 72, 84]
OFFSETS = [0.1, -0.1, 3.0, -3.0, 50.0, -50.0]
ONSET = 0.02  # seconds: where every rendering starts
FIRST, LAST = 0.03, 0.33  # seconds after the onset: the fitted window


RENDER = """async ({ sourceId, notes, offsets, onset, first, last, sampleRate }) => {
  const [{ AudioEngine }, { SoundLibrary }] = await Promise.all([
    import('/assets/audio-engine.js'), import('/assets/sound-library.js')]);
  const library = window.__peachPresetLibrary ??= new SoundLibrary();
  const instrument = await library.load(sourceId, { low: Math.min(...notes), high: Math.max(...notes) });
  const encode = (buffer) => {
    const bytes = new Uint8Array(buffer.getChannelData(0).slice().buffer);
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  };
  const render = async (sound, frequency, seconds) => {
    const context = new OfflineAudioContext(1, Math.ceil((onset + seconds + 0.02) * sampleRate), sampleRate);
    new AudioEngine(context).playNote({ frequency, duration: seconds, startTime: onset, sound });
    return encode(await context.startRendering());
  };
  const renders = [];
  const roots = new Map();
  for (const note of notes) {
    const sound = instrument.zoneFor(note);
    const zone = instrument.zones.indexOf(sound);
    for (const offset of offsets) {
      const frequency = 440 * Math.pow(2, (note - 69) / 12 + offset / 1200);
      const rate = frequency / sound.rootFrequency;
      roots.set(zone, Math.max(roots.get(zone) ?? 1, rate));
      renders.push({ note, offset, zone, frequency, rate, samples: await render(sound, frequency, last + 0.02) });
    }
  }
  const zones = [];
  for (const [zone, fastest] of roots) {
    const sound = instrument.zones[zone];
    zones.push({ zone, keyLow: sound.keyLow, keyHigh: sound.keyHigh, rootFrequency: sound.rootFrequency,
                 loops: sound.loopStart !== null, seconds: sound.buffer.duration,
                 samples: await render(sound, sound.rootFrequency, (last + 0.05) * fastest) });
  }
  return { renders, zones, bytes: instrument.bytes };
}"""


def test_every_preset_plays_its_notes_at_frequency_over_root_within_a_tenth_of_a_cent(new_page, server):
    page = new_page()
    page.goto(f"{SOUNDS_URL or server.url('')}/")
    index = page.evaluate("() => fetch('/sounds/index.json').then((r) => r.json())")
    sources = [source["id"] for source in index["sources"]]
    assert sources, "the index lists no sources"
    worst = (0.0, None)
    onset = ONSET * SAMPLE_RATE
    for source in sources:
        result = page.evaluate(RENDER, {"sourceId": source, "notes": NOTES, "offsets": OFFSETS, "onset": ONSET,
                                        "first": FIRST, "last": LAST, "sampleRate": SAMPLE_RATE})
        zones = {zone["zone"]: zone for zone in result["zones"]}
        roots = {number: decode(zone["samples"]) for number, zone in zones.items()}
        print(f"{source}: {len(zones)} zones used, {sum(result['bytes'])} bytes fetched for 36–84")
        for render in result["renders"]:
            zone = zones[render["zone"]]
            # A zone that does not loop falls silent when its data ends: fit before that.
            last = LAST if zone["loops"] else min(LAST, zone["seconds"] / render["rate"] - 0.02)
            assert last > FIRST + 0.05, f"{source} zone {zone['keyLow']}–{zone['keyHigh']} is too short to measure"
            fit = playback_ratio(decode(render["samples"]), roots[render["zone"]], SAMPLE_RATE,
                                 int(onset + FIRST * SAMPLE_RATE), int(onset + last * SAMPLE_RATE),
                                 render["rate"], onset=onset)
            error = fit.cents_from(render["rate"])
            label = (f"{source} note {render['note']} {render['offset']:+5.1f} ct "
                     f"(zone {zone['keyLow']}–{zone['keyHigh']}, rate {render['rate']:.6f})")
            print(f"  {label}: error {error:+.6f} cent, residual {fit.residual:.4f}")
            if abs(error) > worst[0]:
                worst = (abs(error), label)
            assert abs(error) < 0.1, label
            assert fit.residual < 0.25, f"{label}: the note is not a time-scaled copy of the root rendering"
    print(f"worst: {worst[0]:.6f} cent, {worst[1]}")


HOLD_SECONDS = 10.0
HOLD_NOTES = [36, 48, 60, 72, 84]
HOLD_WINDOW = 1.0  # seconds: longer than any loop, so a loop's own swell averages out
HOLD_FROM = 0.3  # seconds after the onset: the attack is over
HOLD_RANGE_DB = 6.0

HOLD = """async ({ sourceId, notes, seconds, sampleRate }) => {
  const [{ AudioEngine }, { SoundLibrary }] = await Promise.all([
    import('/assets/audio-engine.js'), import('/assets/sound-library.js')]);
  const library = window.__peachPresetLibrary ??= new SoundLibrary();
  const instrument = await library.load(sourceId, { low: Math.min(...notes), high: Math.max(...notes) });
  const levels = {};
  for (const note of notes) {
    const context = new OfflineAudioContext(1, Math.ceil((seconds + 0.05) * sampleRate), sampleRate);
    const frequency = 440 * Math.pow(2, (note - 69) / 12);
    new AudioEngine(context).startTunableNote({ startFrequency: frequency, centSpan: 100, startTime: 0.02,
                                                 sound: instrument.zoneFor(note) });
    const samples = (await context.startRendering()).getChannelData(0);
    // The mean square of every 10 ms, from the onset on.
    const block = Math.round(0.01 * sampleRate);
    const start = Math.round(0.02 * sampleRate);
    const blocks = [];
    for (let i = start; i + block <= samples.length; i += block) {
      let sum = 0;
      for (let j = i; j < i + block; j += 1) sum += samples[j] * samples[j];
      blocks.push(sum / block);
    }
    levels[note] = blocks;
  }
  // Which sound the core plays pitch matching with when this source is chosen.
  const core = window.peach.device.core;
  core.setSetting('soundSource', sourceId);
  const page = new DOMParser().parseFromString(core.render('pitchMatching', 'en'), 'text/html');
  return { levels, played: page.querySelector('#sound-status').dataset.sound };
}"""


def held_level_range(blocks: list[float]) -> float:
    """dB between the loudest and the quietest second of a held note, after its attack."""
    per_window = int(HOLD_WINDOW / 0.01)
    squares = np.array(blocks[int(HOLD_FROM / 0.01):])
    windows = np.convolve(squares, np.ones(per_window) / per_window, mode="valid")
    decibels = 10 * np.log10(windows + 1e-20)
    return float(decibels.max() - decibels.min())


def test_pitch_matching_plays_an_instrument_only_if_its_held_note_keeps_its_level(new_page, server):
    """The tunable note sounds as long as the user tunes. Each preset's tunable note is held for
    10 s at C2–C6 and its level measured over one-second windows from 0.3 s on: a preset whose
    level stays within 6 dB is played in pitch matching (all but the piano stay within 3 dB);
    one that fades (the piano: 14–27 dB, about 27 dB within the first second at C5, then a loop
    that pulses) is not, and the core plays the sine instead."""
    page = new_page()
    page.goto(f"{SOUNDS_URL or server.url('')}/")
    page.wait_for_function("() => window.peach?.device")
    index = page.evaluate("() => fetch('/sounds/index.json').then((r) => r.json())")
    fading = []
    results = []
    for source in [source["id"] for source in index["sources"]]:
        result = page.evaluate(HOLD, {"sourceId": source, "notes": HOLD_NOTES, "seconds": HOLD_SECONDS,
                                      "sampleRate": SAMPLE_RATE})
        ranges = {note: held_level_range(result["levels"][str(note)]) for note in HOLD_NOTES}
        holds = all(value <= HOLD_RANGE_DB for value in ranges.values())
        print(f"{source}: level range over 0.3–10 s " + ", ".join(f"{note} {value:.1f} dB" for note, value in ranges.items())
              + f" → pitch matching plays {result['played']}")
        results.append((source, holds, result["played"], ranges))
        if not holds:
            fading.append(source)
    for source, holds, played, ranges in results:
        assert played == (source if holds else "sine"), f"{source}: {ranges}"
    assert fading == ["piano"]
