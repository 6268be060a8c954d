"""Peach's SoundFont parser (Sources/SoundFont) against sf2utils on FluidR3Mono_GM.sf3: the
presets, their zones and instruments, and every instrument zone's sample, keys, root key and
loop, as `peach soundfont --json` prints them (docs/cli.md, "SoundFonts"). And a malformed
file given to `peach soundfont`: a message and a non-zero exit, never a crash."""

from __future__ import annotations

from conftest import run_peach

FULL = [0, 127]
# SoundFont 2.04 §8.1.2 generator operators.
INSTRUMENT, SAMPLE_ID, SAMPLE_MODES, OVERRIDING_ROOT_KEY = 41, 53, 54, 58
LOOP_START, LOOP_END, LOOP_START_COARSE, LOOP_END_COARSE = 2, 3, 45, 50


def name(raw: bytes) -> str:
    return raw.split(b"\0", 1)[0].decode("utf-8", "replace")


def zones(bags, terminal: int):
    """sf2utils' bags as SoundFont 2.04 §7.3 reads them: (global zone or None, local zones).
    A first bag without the terminal generator is the global zone; any other is ignored."""
    first = bags[0] if bags and terminal not in bags[0].gens else None
    return first, [bag for bag in bags if terminal in bag.gens]


def intersect(*ranges) -> list[int]:
    ranges = [r or FULL for r in ranges]
    return [max(r[0] for r in ranges), min(r[1] for r in ranges)]


def test_presets_names_and_count(peach_listing, sf2):
    _, presets = sf2
    assert len(peach_listing["presets"]) == len(presets) == 197
    assert [(p["name"], p["bank"], p["program"]) for p in peach_listing["presets"]] == [
        (p.name, p.bank, p.preset) for p in presets
    ]


def test_preset_zones(peach_listing, sf2):
    _, presets = sf2
    for peach, theirs in zip(peach_listing["presets"], presets):
        global_zone, local = zones(theirs.bags, INSTRUMENT)
        expected = ([{"global": True, "keyRange": global_zone.key_range or FULL,
                      "velocityRange": global_zone.velocity_range or FULL}] if global_zone else [])
        expected += [{"global": False, "keyRange": bag.key_range or FULL,
                      "velocityRange": bag.velocity_range or FULL, "instrumentName": bag.instrument.name}
                     for bag in local]
        got = [{key: zone[key] for key in ("global", "keyRange", "velocityRange", "instrumentName") if key in zone}
               for zone in peach["zones"]]
        assert got == expected, peach["name"]


def test_instrument_zones(peach_listing, sf2):
    soundfont, _ = sf2
    headers = soundfont.raw.pdta["Shdr"]
    instruments = soundfont._instruments
    assert len(peach_listing["instruments"]) == len(instruments) == 203
    checked = 0
    for peach, theirs in zip(peach_listing["instruments"], instruments):
        assert peach["name"] == theirs.name
        global_zone, local = zones(theirs.bags, SAMPLE_ID)

        def generator(bag, operator, default=0):
            # The local zone's generator, else the global zone's (§9.4: local replaces global).
            for zone in (bag, global_zone):
                if zone is not None and operator in zone.gens:
                    return zone.gens[operator].short
            return default

        expected = []
        for bag in local:
            header = headers[bag.gens[SAMPLE_ID].word]
            # SF3 (type bit 0x10) loop points are relative to the sample; SF2 ones absolute.
            base = 0 if header.sample_type & 0x10 else header.start
            root = generator(bag, OVERRIDING_ROOT_KEY, -1)
            expected.append({
                "sampleName": name(header.sample_name),
                "keyRange": intersect(global_zone and global_zone.key_range, bag.key_range),
                "velocityRange": intersect(global_zone and global_zone.velocity_range, bag.velocity_range),
                "rootKey": root if root >= 0 else header.original_pitch,
                "loopStart": header.start_loop - base + generator(bag, LOOP_START)
                + 32768 * generator(bag, LOOP_START_COARSE),
                "loopEnd": header.end_loop - base + generator(bag, LOOP_END) + 32768 * generator(bag, LOOP_END_COARSE),
                "sampleModes": generator(bag, SAMPLE_MODES),
            })
        got = [{key: zone[key] for key in expected[0]} for zone in peach["zones"]] if expected else peach["zones"]
        assert got == expected, peach["name"]
        checked += len(expected)
    assert checked > 1000  # every zone of every instrument, not a few


def test_malformed_files(tmp_path, soundfont_path):
    head = soundfont_path.read_bytes()[:100_000]
    cases = {
        "empty.sf2": (b"", "not a SoundFont"),
        "text.sf2": (b"this is not a SoundFont at all", "not a SoundFont"),
        "truncated.sf3": (head, "the file is truncated"),
        # The RIFF size made to fit, so the parser meets the cut inside the sdta list.
        "cut.sf3": (head[:4] + (len(head) - 8).to_bytes(4, "little") + head[8:], "claims"),
    }
    for file_name, (data, message) in cases.items():
        path = tmp_path / file_name
        path.write_bytes(data)
        result = run_peach("soundfont", str(path), "--json")
        assert result.returncode != 0, file_name
        assert message in result.stderr, (file_name, result.stderr)
        assert result.stdout == ""
        assert "Stack" not in result.stderr and "Fatal error" not in result.stderr, result.stderr
    result = run_peach("soundfont", str(tmp_path / "missing.sf2"))
    assert result.returncode != 0 and "cannot read the SoundFont" in result.stderr
