"""The real SoundFont's prepared presets, played by the engine at exact pitches, and
in tune (docs/sounds.md, "In tune").

Against the real `peach serve` with its prepared sounds (or, with `PEACH_SOUNDS_URL`, the base
URL of another running peach server). The page is the server's own start page, so the engine's
modules and `/sounds/…` are same-origin; it loads every source of `/sounds/index.json` for the
notes 36–84 with sound-library.js and renders notes in OfflineAudioContexts at 48 kHz.

Relative pitch: each of the notes 36, 48, 60, 72, 84 at offsets of ±0.1, ±3 and ±50 cents on its
zone, and each zone at its root frequency. `playback_ratio` (signal_analysis.py) measures the
time-scale ratio between a note and its zone's root rendering; it must be
`frequency / rootFrequency` within 0.1 cent.

Absolute pitch: every note 36–84 at the core's frequency for it, measured by `tuner_pitch`
(signal_analysis.py, the preparation's definition written again with numpy) over the stretches
of its zone the preparation measures — the first second of the sample and whole repetitions of
its loop, in the rendering's time (divided by the playback rate) — must be within 0.5 cent of
that frequency, 1 cent where the note's pitch varies by more than 5 cents.
"""

from __future__ import annotations

import math
import os

import numpy as np

from device_page import render_here, set_setting, wait_for_device
from signal_analysis import cents, decode, playback_ratio, tuner_pitch

SOUNDS_URL = os.environ.get("PEACH_SOUNDS_URL")
SAMPLE_RATE = 48000
NOTES = [36, 48, 60, 72, 84]
OFFSETS = [0.1, -0.1, 3.0, -3.0, 50.0, -50.0]
ONSET = 0.02  # seconds: where every rendering starts
FIRST, LAST = 0.03, 0.33  # seconds after the onset: the fitted window


# The page's samples as base64 of little-endian float32 (signal_analysis.decode).
ENCODE = """const encode = (samples) => {
    const bytes = new Uint8Array(samples.slice().buffer);
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  };"""

RENDER = """async ({ sourceId, notes, offsets, onset, first, last, sampleRate }) => {
  const [{ AudioEngine }, { SoundLibrary }, { SOUNDS_INDEX }] = await Promise.all([
    import('/assets/audio/audio-engine.js'), import('/assets/audio/sound-library.js'), import('/assets/peach-routes.js')]);
  const library = window.__peachPresetLibrary ??= new SoundLibrary({ indexURL: SOUNDS_INDEX });
  const instrument = await library.load(sourceId, { low: Math.min(...notes), high: Math.max(...notes) });
  """ + ENCODE + """
  const render = async (sound, frequency, seconds) => {
    const context = new OfflineAudioContext(1, Math.ceil((onset + seconds + 0.02) * sampleRate), sampleRate);
    new AudioEngine(context).playNote({ frequency, duration: seconds, startTime: onset, sound });
    return encode((await context.startRendering()).getChannelData(0));
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


TUNING_RENDER = """async ({ sourceId, low, high, notes, onset, sampleRate }) => {
  const [{ AudioEngine }, { SoundLibrary }, { SOUNDS_INDEX }] = await Promise.all([
    import('/assets/audio/audio-engine.js'), import('/assets/audio/sound-library.js'), import('/assets/peach-routes.js')]);
  const library = window.__peachPresetLibrary ??= new SoundLibrary({ indexURL: SOUNDS_INDEX });
  const instrument = await library.load(sourceId, { low, high });
  """ + ENCODE + """
  const renders = [];
  for (const { note, frequency, seconds, windows } of notes) {
    const sound = instrument.zoneFor(note);
    const context = new OfflineAudioContext(1, Math.ceil((onset + seconds + 0.02) * sampleRate), sampleRate);
    new AudioEngine(context).playNote({ frequency, duration: seconds, startTime: onset, sound });
    const samples = (await context.startRendering()).getChannelData(0);
    renders.push({ note, keyLow: sound.keyLow, windows: windows.map(([from, to]) => encode(samples.subarray(from, to))) });
  }
  return renders;
}"""

FIRST_SECOND = (0.1, 1.0)  # seconds of the zone's sample at its own rate (Sources/SoundFont/ZoneTuning.swift)
LOOP_SECONDS = 0.5  # at least this much of the loop, in whole repetitions


def core_frequency(note: int) -> float:
    """The frequency the core asks for a note: twelve-tone equal temperament from A4 = 440 Hz."""
    return 440.0 * 2 ** ((note - 69) / 12)


def tuning_windows(zone: dict, rate: float) -> tuple[list[tuple[float, float]], float]:
    """The stretches the preparation measures — the sample's first second and whole repetitions of
    its loop, in seconds of the sample — and the note length that plays them at `rate`."""
    assert zone["loopStart"] is not None, "every curated zone loops"
    loop = zone["loopEnd"] - zone["loopStart"]
    copies = math.ceil(LOOP_SECONDS * zone["sampleRate"] / loop)
    held = (zone["loopEnd"] / zone["sampleRate"], (zone["loopEnd"] + copies * loop) / zone["sampleRate"])
    # Both stretches at `rate`, and the note's own first second.
    return [FIRST_SECOND, held], max(max(FIRST_SECOND[1], held[1]) / rate, FIRST_SECOND[1]) + 0.05


def test_every_preset_sounds_at_the_cores_frequency_within_half_a_cent(new_page, server):
    page = new_page()
    page.goto(f"{SOUNDS_URL or server.url('')}/")
    index = page.evaluate("() => fetch('/sounds/index.json').then((r) => r.json())")
    assert index["sources"], "the index lists no sources"
    failures, worst = [], (0.0, None)
    for source in index["sources"]:
        requests = []
        for note in range(36, 85):
            zone = next(z for z in source["zones"] if z["keyLow"] <= note <= z["keyHigh"])
            frequency = core_frequency(note)
            rate = frequency / zone["rootHertz"]
            stretches, seconds = tuning_windows(zone, rate)
            # Seconds of the sample → samples of the rendering: the note reads `rate` seconds of
            # its sample per second from the onset; the note's own first second for comparison.
            windows = [(round((ONSET + a / rate) * SAMPLE_RATE), round((ONSET + b / rate) * SAMPLE_RATE))
                       for a, b in stretches + [(FIRST_SECOND[0] * rate, FIRST_SECOND[1] * rate)]]
            requests.append({"note": note, "frequency": frequency, "seconds": seconds, "windows": windows,
                             "zone": zone, "rate": rate})
        by_zone = {}
        for chunk in range(0, len(requests), 7):
            part = requests[chunk:chunk + 7]
            renders = page.evaluate(TUNING_RENDER, {
                "sourceId": source["id"], "low": 36, "high": 84, "onset": ONSET, "sampleRate": SAMPLE_RATE,
                "notes": [{k: r[k] for k in ("note", "frequency", "seconds", "windows")} for r in part]})
            for request, render in zip(part, renders):
                zone, rate, frequency = request["zone"], request["rate"], request["frequency"]
                assert render["keyLow"] == zone["keyLow"], f"{source['id']} note {request['note']}: another zone"
                first, held, own = (
                    tuner_pitch(samples, SAMPLE_RATE, frequency, 0, len(samples), part_length)
                    for samples, part_length in zip(map(decode, render["windows"]),
                                                    # 0.1 s of the sample, twice; 0.1 s of the note
                                                    [round(0.1 / rate * SAMPLE_RATE)] * 2 + [None]))
                label = (f"{source['id']} note {request['note']} (zone {zone['keyLow']}–{zone['keyHigh']}, "
                         f"rate {rate:.4f})")
                assert first and held and own, f"{label}: no pitch measured"
                varies = max(first.variation_cents, held.variation_cents)
                limit = 1.0 if varies > 5 else 0.5
                errors = (cents(first.hertz, frequency), cents(held.hertz, frequency))
                print(f"  {label}, partial {first.partial}: first second {errors[0]:+.3f}, held {errors[1]:+.3f} cents "
                      f"(varies {varies:.1f}, limit {limit}); its own first second {cents(own.hertz, frequency):+.2f}")
                zone_worst = by_zone.setdefault((zone["keyLow"], zone["keyHigh"]), [0.0, 0.0, 0.0, limit])
                zone_worst[0] = max(zone_worst[0], abs(errors[0]))
                zone_worst[1] = max(zone_worst[1], abs(errors[1]))
                zone_worst[2] = max(zone_worst[2], abs(cents(own.hertz, frequency)))
                if max(map(abs, errors)) > worst[0]:
                    worst = (max(map(abs, errors)), label)
                if max(map(abs, errors)) > limit:
                    failures.append(f"{label}: {errors[0]:+.2f} / {errors[1]:+.2f} cents, limit {limit}")
        print(f"{source['id']}: worst per zone (first second, held, the note's own first second; limit)")
        for (low, high), (first, held, own, limit) in sorted(by_zone.items()):
            print(f"  {low}–{high}: {first:.2f} {held:.2f} ({own:.1f}) {limit}")
    print(f"worst: {worst[0]:.3f} cent, {worst[1]}")
    assert not failures, "\n".join(failures)


HOLD_SECONDS = 10.0
HOLD_NOTES = [36, 48, 60, 72, 84]
HOLD_WINDOW = 1.0  # seconds: longer than any loop, so a loop's own swell averages out
HOLD_FROM = 0.3  # seconds after the onset: the attack is over
HOLD_RANGE_DB = 6.0

HOLD = """async ({ sourceId, notes, seconds, sampleRate }) => {
  const [{ AudioEngine }, { SoundLibrary }, { SOUNDS_INDEX }] = await Promise.all([
    import('/assets/audio/audio-engine.js'), import('/assets/audio/sound-library.js'), import('/assets/peach-routes.js')]);
  const library = window.__peachPresetLibrary ??= new SoundLibrary({ indexURL: SOUNDS_INDEX });
  const instrument = await library.load(sourceId, { low: Math.min(...notes), high: Math.max(...notes) });
  const levels = {};
  for (const note of notes) {
    const context = new OfflineAudioContext(1, Math.ceil((seconds + 0.05) * sampleRate), sampleRate);
    const frequency = 440 * Math.pow(2, (note - 69) / 12);
    new AudioEngine(context).startTunableNote({ startFrequency: frequency, startTime: 0.02,
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
  return { levels };
}"""

# The sound the device's core plays pitch matching with: what its pitch matching page, as the
# device renders it (`render_here`), says.
PLAYED = """(html) => new DOMParser().parseFromString(html, 'text/html')
  .querySelector('#sound-status').dataset.sound"""


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
    wait_for_device(page)
    index = page.evaluate("() => fetch('/sounds/index.json').then((r) => r.json())")
    fading = []
    results = []
    for source in [source["id"] for source in index["sources"]]:
        result = page.evaluate(HOLD, {"sourceId": source, "notes": HOLD_NOTES, "seconds": HOLD_SECONDS,
                                      "sampleRate": SAMPLE_RATE})
        set_setting(page, "soundSource", source)
        played = page.evaluate(PLAYED, render_here(page, "/pitch-matching"))
        ranges = {note: held_level_range(result["levels"][str(note)]) for note in HOLD_NOTES}
        holds = all(value <= HOLD_RANGE_DB for value in ranges.values())
        print(f"{source}: level range over 0.3–10 s " + ", ".join(f"{note} {value:.1f} dB" for note, value in ranges.items())
              + f" → pitch matching plays {played}")
        results.append((source, holds, played, ranges))
        if not holds:
            fading.append(source)
    for source, holds, played, ranges in results:
        assert played == (source if holds else "sine"), f"{source}: {ranges}"
    assert fading == ["piano"]
