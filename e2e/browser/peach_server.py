"""The real `peach` binary on a real SQLite file, for the end-to-end tests: started, restarted
and read from outside, as another process would."""

import contextlib
import functools
import json
import os
import pathlib
import re
import signal
import socket
import sqlite3
import subprocess
import tempfile
import time
import urllib.request
import uuid

from playwright.sync_api import expect


ROOT = pathlib.Path(__file__).resolve().parents[2]
PEACH = pathlib.Path(os.environ.get("PEACH_BINARY", ROOT / ".build" / "debug" / "peach"))
ARTIFACTS = ROOT / "e2e" / "browser" / "artifacts"  # screenshots for a person to look at
# The instrument sounds every test server shares: prepared from the SoundFont once (the first
# server that finds the folder empty; e2e/browser/conftest.py waits for it), then only read.
SOUNDS_FOLDER = ROOT / ".build" / "test-sounds"
# The server's route table as its scripts get it: `peach-routes.js`, which the server writes from
# Swift's `PageRoute` (RouteTable.swift), so that a page added there reaches the tests' lists.
ROUTE_TABLE = "/assets/peach-routes.js"
FIELD_TABLE = ROOT / "Client" / "core" / "peach-fields.js"


def frozen_constants(module: str) -> dict:
    """Each `export const NAME = value;` line of a generated module by its name, its value JSON
    or a frozen object or array whose keys may be bare."""
    table = {}
    for name, value in re.findall(r"^export const (\w+) = (.*);$", module, re.MULTILINE):
        value = re.fullmatch(r"Object\.freeze\((.*)\)", value)[1] if value.startswith("Object.freeze(") else value
        table[name] = json.loads(re.sub(r"([{,]\s*)(\w+):", r'\1"\2":', value.replace("'", '"')))
    return table


# What crosses the wasm boundary by position, by name (Client/core/peach-fields.js, which Swift
# writes): a record's numbers as the device's store keeps them, what its kind holds and the
# tuning systems by index. A field added in Swift reaches the tests with no edit here.
CORE_FIELDS = frozen_constants(FIELD_TABLE.read_text())
RECORD_FIELD = CORE_FIELDS["RecordField"]
RECORD_KIND = CORE_FIELDS["RecordKind"]
TUNING_SYSTEMS = CORE_FIELDS["TUNING_SYSTEMS"]


def record_numbers(**fields) -> list:
    """A record's numbers as the device's store keeps them, from its fields by name; a field its
    kind does not have (a pitch record's tempo, a rhythm record's notes) is 0, as the core
    writes it."""
    assert {"kind", "timestamp"} <= set(fields) <= set(RECORD_FIELD), f"fields {sorted(fields)} of {sorted(RECORD_FIELD)}"
    numbers = [0] * len(RECORD_FIELD)
    for name, value in fields.items():
        numbers[RECORD_FIELD[name]] = value
    return numbers


def record_field(record: dict, name: str):
    """The field `name` of a record of the device's store (`{id, numbers, state}`)."""
    return record["numbers"][RECORD_FIELD[name]]


def served_routes(base_url: str) -> dict:
    """The route table served at `base_url`: each constant of `peach-routes.js` by its name
    (`DEVICE_PAGES`: {address: page name}, `TRAINING_PATHS`: [address], …). Every constant is one
    line, `export const NAME = value;`, its value JSON or a frozen object whose keys may be bare."""
    with urllib.request.urlopen(base_url + ROUTE_TABLE, timeout=10) as response:
        module = response.read().decode()
    table = frozen_constants(module)
    assert {"DEVICE_PAGES", "TRAINING_PATHS"} <= set(table), f"no route table in {ROUTE_TABLE}: {module}"
    return table


@functools.cache
def route_table() -> dict:
    """The route table of the `peach` under test (`served_routes`), read once per run from a
    server of its own that prepares no instrument sounds (it is given a SoundFont that is not
    there): the lists of pages are made when the tests are collected, before any test's server
    or the shared sounds (`prepare_sounds`) exist."""
    with tempfile.TemporaryDirectory() as folder:
        instance = PeachServer(pathlib.Path(folder) / "peach.sqlite",
                               soundfont=pathlib.Path(folder) / "no-soundfont.sf2",
                               sounds_folder=pathlib.Path(folder) / "sounds")
        instance.start()
        try:
            return served_routes(instance.url(""))
        finally:
            instance.stop()


def device_pages(table: dict | None = None) -> dict[str, str]:
    """Every page a device renders itself, by address: its name (`data-page`); of `table` (a
    `served_routes`), by default the route table of the `peach` under test."""
    return dict((table or route_table())["DEVICE_PAGES"])


def training_pages(table: dict | None = None) -> dict[str, str]:
    """The training pages, by address: their name, which is their mode's (of `table`, as
    `device_pages`)."""
    table = table or route_table()
    return {path: table["DEVICE_PAGES"][path] for path in table["TRAINING_PATHS"]}


# The modes that train timing: their pages play clicks, not notes (docs/rhythm.md).
RHYTHM_MODES = ("rhythmOffsetDetection", "continuousRhythmMatching")


def __getattr__(name: str):
    """`DEVICE_PAGES`, `TRAINING_PAGES` (`device_pages()`, `training_pages()`) and
    `PITCH_TRAINING_PAGES` (the training pages that play notes), read when a test
    module imports them, not when a benchmark imports this module for `free_port` (and runs
    another binary)."""
    if name == "DEVICE_PAGES":
        return device_pages()
    if name == "TRAINING_PAGES":
        return training_pages()
    if name == "PITCH_TRAINING_PAGES":
        return {path: mode for path, mode in training_pages().items() if mode not in RHYTHM_MODES}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PeachServer:
    """`peach serve` on a database file of the test's own; restartable on the same file."""

    def __init__(self, data_path: pathlib.Path, soundfont: pathlib.Path | None = None,
                 sounds_folder: pathlib.Path = SOUNDS_FOLDER):
        self.data_path = data_path
        self.soundfont = soundfont  # None: `peach serve`'s default
        self.sounds_folder = sounds_folder
        self.process = None
        self.port = None

    def start(self, port: int | None = None):
        """Starts `peach serve`; on `port` (for a restart on the same address), else a free one."""
        self.port = port or free_port()
        soundfont = [] if self.soundfont is None else ["--soundfont", str(self.soundfont)]
        self.process = subprocess.Popen(
            [str(PEACH), "serve", "--port", str(self.port), "--data", str(self.data_path),
             "--sounds-folder", str(self.sounds_folder), *soundfont],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        # `peach serve` prints its address once it listens, after the profile is loaded.
        output = []
        for line in self.process.stdout:
            output.append(line)
            if "Peach is running" in line:
                break
        else:
            raise RuntimeError("peach serve exited: " + "".join(output))
        with urllib.request.urlopen(self.url("/healthz"), timeout=5) as response:
            assert response.status == 200

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                raise
        self.process = None

    def kill(self):
        """SIGKILL: the process ends at once, mid-request if it is in one, as in a power cut."""
        self.process.kill()
        self.process.wait(timeout=15)
        self.process = None

    def cli(self, *arguments: str) -> str:
        """Runs `peach COMMAND … --data FILE` on this server's file; its standard output."""
        return subprocess.run([str(PEACH), *arguments, "--data", str(self.data_path)],
                              capture_output=True, text=True, check=True).stdout

    def restart(self, same_port: bool = False):
        port = self.port
        self.stop()
        self.start(port if same_port else None)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def open(self, page, path: str):
        """Opens `path` as a person does: a training page through its button on Start (its
        address opened directly lands on Start, docs/pages.md), any other page directly."""
        training = training_pages()
        if path not in training:
            page.goto(self.url(path))
            return
        page.goto(self.url("/"))
        page.locator(f'#main a[href="{path}"]').click()
        expect(page.locator("body")).to_have_attribute("data-page", training[path])
        expect(page).to_have_url(self.url(path))

    def api(self, method: str, path: str, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url(path), data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        request.add_header("Origin", self.url(""))
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read() or b"null")

    def set_settings(self, **values):
        return self.api("PUT", "/api/settings", values)

    def query(self, sql: str, *args):
        """Reads the real database file, as another process would."""
        connection = sqlite3.connect(f"file:{self.data_path}?mode=ro", uri=True, timeout=5)
        try:
            return connection.execute(sql, args).fetchall()
        finally:
            connection.close()

    def count(self, table: str) -> int:
        return self.query(f"SELECT COUNT(*) FROM {table}")[0][0]



@contextlib.contextmanager
def serving(data_path: pathlib.Path):
    """The real `peach serve` on the database file `data_path` while the block runs."""
    instance = PeachServer(data_path)
    instance.start()
    try:
        yield instance
    finally:
        instance.stop()


def prepare_sounds(folder: pathlib.Path):
    """Prepares the instrument sounds in SOUNDS_FOLDER (if they are not there yet) with a server
    of its own on a database file in `folder`, and returns their index: `/sounds/index.json`
    answers once they are ready. Run once before any test's server starts (each server would
    otherwise start preparing them in the background)."""
    with serving(folder / "peach.sqlite") as instance, \
            urllib.request.urlopen(instance.url("/sounds/index.json"), timeout=600) as response:
        return json.load(response)


def sync_batch(count, type="pitchDiscrimination"):
    """`count` records as a device uploads them (docs/api.md, `POST /api/sync/records`), each
    with a new id, timestamped a moment ago."""
    now = int(time.time() * 1000)
    fields = ({"centOffset": 12.5, "isCorrect": True} if type == "pitchDiscrimination"
              else {"initialCentOffset": 20.0, "userCentError": -3.5})
    return {"records": [
        {"id": str(uuid.uuid4()), "trainingType": type, "timestamp": now - 1000 + index,
         "referenceNote": 60, "targetNote": 60, "tuningSystem": "equalTemperament", **fields}
        for index in range(count)]}


def wait_until(predicate, timeout=10.0, message="condition"):
    """Waits for a state we can only observe by asking (the database file, from outside)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {message}")
