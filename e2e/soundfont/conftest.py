"""Fixtures for the SoundFont parser check: the real `peach` binary (PEACH_BINARY, as in
e2e/browser/peach_server.py) and the SoundFont Peach plays, read once per run by both Peach
(`peach soundfont --json`) and sf2utils, an independent reader."""

from __future__ import annotations

import json
import logging
import os
import pathlib
import subprocess
import warnings

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PEACH = pathlib.Path(os.environ.get("PEACH_BINARY", ROOT / ".build" / "debug" / "peach"))


def run_peach(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(PEACH), *arguments], capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="session")
def peach_listing() -> dict:
    """`peach soundfont --json` on the SoundFont Peach plays when given none: its own default
    path (`SoundFont.debianPath`), which the listing names as `file`."""
    result = run_peach("soundfont", "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.fixture(scope="session")
def soundfont_path(peach_listing) -> pathlib.Path:
    """The SoundFont file the listing read."""
    return pathlib.Path(peach_listing["file"])


@pytest.fixture(scope="session")
def sf2(soundfont_path):
    """sf2utils' view of the file, worked around its one failure on it: sf2utils looks the
    terminal records up by name (`EOP`, `EOI`), and MuseScore's SF3 writer leaves them unnamed,
    so the presets and instruments are built here without their last, terminal record. Its
    warnings (logged on the root logger: SF3 loop points, relative to the sample, look to it
    like SF2 absolute ones "starting too early") and Python's about its use of `audioop` are
    silenced."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from sf2utils.instrument import Sf2Instrument
        from sf2utils.preset import Sf2Preset
        from sf2utils.sf2parse import Sf2File

    logging.disable(logging.WARNING)
    with soundfont_path.open("rb") as file:
        soundfont = Sf2File(file)
        pdta = soundfont.raw.pdta
        soundfont._instruments = [Sf2Instrument(pdta, i, soundfont) for i in range(len(pdta["Inst"]) - 1)]
        presets = [Sf2Preset(pdta, i, soundfont) for i in range(len(pdta["Phdr"]) - 1)]
    logging.disable(logging.NOTSET)
    return soundfont, presets
