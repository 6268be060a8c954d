"""A property-based fuzz run (schemathesis) of every endpoint in docs/openapi.yaml
against the real `peach serve` on a database file of its own.

Two bounded runs (a fixed seed, a cap on examples and on time, about a minute each), on a
database with some training in it:
1. negative — requests that violate the schema (wrong types, out-of-range values, unknown keys,
   missing fields, wrong content types); its stateful phase also chains valid calls;
2. all — valid and invalid requests.
Both cover the sync API: uploads of records made on a device, the profile download
and the settings exchange. Each run must find no 5xx and no reply that differs from the schema,
and the server must still be up afterwards (`/healthz`). Every request and reply is kept (a HAR
report), and the database is checked against them: each new record is one that a 200 reply of
`POST /api/sync/records` accepted, and valid by the rules of docs/api.md checked here by hand
(nothing stored from an invalid record or request), stored with the values sent; a record only
disappears after a confirmed reset; and the settings are those of the last accepted change."""

import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time
import urllib.parse
import uuid
import urllib.request

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "e2e" / "browser"))

from peach_server import PeachServer  # noqa: E402

SCHEMA = ROOT / "docs" / "openapi.yaml"
SCHEMATHESIS = shutil.which("schemathesis") or "schemathesis"
# Checks that hold for any request; `positive_data_acceptance` is left out because a valid
# request can rightly be refused (an upload's id already stored with other content, a setting
# that leaves the note range narrower than an octave).
CHECKS = ",".join([
    "not_a_server_error", "status_code_conformance", "content_type_conformance",
    "response_headers_conformance", "response_schema_conformance", "negative_data_rejection",
])
MAX_EXAMPLES = int(os.environ.get("PEACH_FUZZ_EXAMPLES", "40"))
MAX_SECONDS = int(os.environ.get("PEACH_FUZZ_SECONDS", "60"))


def fuzz(server: PeachServer, mode: str, tmp_path: pathlib.Path):
    """Runs schemathesis; returns every exchange (the HAR report's entries), oldest first."""
    base = server.url("")
    report = tmp_path / f"schemathesis-{mode}"
    result = subprocess.run(
        [
            SCHEMATHESIS, "run", str(SCHEMA), "--url", base, "--header", f"Origin: {base}",
            "--mode", mode, "--checks", CHECKS, "--max-examples", str(MAX_EXAMPLES),
            "--max-time", str(MAX_SECONDS), "--seed", "6", "--workers", "1", "--request-timeout", "10",
            "--suppress-health-check", "all", "--no-color", "--report", "har", "--report-dir", str(report),
        ],
        capture_output=True, text=True, timeout=MAX_SECONDS * 3 + 60,
        cwd=tmp_path,  # schemathesis keeps a cache directory in its working directory
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-8000:]
    assert_alive(server)
    (har,) = report.glob("*.json")
    return json.loads(har.read_text())["log"]["entries"]


def assert_alive(server: PeachServer):
    assert server.process.poll() is None, "peach serve exited"
    with urllib.request.urlopen(server.url("/healthz"), timeout=5) as response:
        assert response.status == 200 and response.read() == b"ok"


def records(server: PeachServer):
    """Every record by exercise id: (table, the whole row)."""
    rows = {}
    for table in ("comparisonRecord", "pitchMatchingRecord"):
        for row in server.query(f"SELECT * FROM {table}"):
            rows[row[1]] = (table, row)
    return rows


def request_json(entry):
    try:
        return json.loads(entry["request"].get("postData", {}).get("text") or "")
    except ValueError:
        return None


UUID = re.compile(r"^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$")
COMMON = {"id", "trainingType", "timestamp", "referenceNote", "targetNote", "tuningSystem"}


def is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def is_integer(value) -> bool:
    """A whole number, also when written with a fraction or an exponent (`60.0`, `1.7e12`)."""
    return is_number(value) and float(value).is_integer()


def is_valid_record(record, latest_ms: int) -> bool:
    """docs/api.md's rules for an uploaded record, by hand; `latest_ms`: the server's clock at
    the latest."""
    if not isinstance(record, dict) or not UUID.match(str(record.get("id", ""))):
        return False
    kind = record.get("trainingType")
    extra = {"centOffset", "isCorrect"} if kind == "pitchDiscrimination" else {"initialCentOffset", "userCentError"}
    if kind not in ("pitchDiscrimination", "pitchMatching") or set(record) != COMMON | extra:
        return False
    time_ms, reference, target = record["timestamp"], record["referenceNote"], record["targetNote"]
    if not (is_integer(time_ms) and 946_684_800_000 <= time_ms <= latest_ms + 300_000):
        return False
    if not all(is_integer(n) and 0 <= n <= 127 for n in (reference, target)) or abs(reference - target) > 12:
        return False
    if record["tuningSystem"] not in ("equalTemperament", "justIntonation", "pythagorean"):
        return False
    if kind == "pitchDiscrimination":
        offset = record["centOffset"]
        return is_number(offset) and offset != 0 and abs(offset) <= 100 and isinstance(record["isCorrect"], bool)
    initial, error = record["initialCentOffset"], record["userCentError"]
    return is_number(initial) and abs(initial) <= 100 and is_number(error) and abs(error) <= 200


def stored_as_sent(table, row, record) -> bool:
    """Whether a stored row (id, exerciseID, timestamp, referenceNote, targetNote, interval,
    direction, tuningSystem, then the two values of its kind) holds the record sent."""
    if (table == "comparisonRecord") != (record["trainingType"] == "pitchDiscrimination"):
        return False
    values = (record["centOffset"], int(record["isCorrect"])) if table == "comparisonRecord" else (
        record["initialCentOffset"], record["userCentError"])
    return (row[2], row[3], row[4], row[7]) == (
        record["timestamp"], record["referenceNote"], record["targetNote"], record["tuningSystem"]
    ) and tuple(row[8:10]) == values


def check_database_against(entries, before, settings_before, server: PeachServer) -> int:
    """Every change in the database is explained by an accepted, valid request; returns the
    number of records accepted (a confirmed reset may have deleted them again)."""
    accepted = {}
    resets = 0
    settings = settings_before
    latest_ms = int(time.time() * 1000)
    for entry in entries:
        request, status = entry["request"], entry["response"]["status"]
        path = urllib.parse.urlsplit(request["url"]).path
        assert status < 500, f"{request['method']} {request['url']} → {status}"
        if status != 200 or request["method"] not in ("POST", "PUT"):
            continue
        body = request_json(entry)
        reply = json.loads(entry["response"]["content"]["text"])
        if path == "/api/sync/records":
            sent = {str(record["id"]).lower(): record for record in body["records"]}
            for record_id in reply["accepted"]:
                record = sent[record_id.lower()]
                assert is_valid_record(record, latest_ms), f"an invalid record was accepted: {record!r}"
                accepted.setdefault(record_id.lower(), record)
        elif path == "/api/reset":
            assert body == {"confirm": True}, f"an unconfirmed reset was accepted: {body!r}"
            resets += 1
        elif path == "/api/import":
            raise AssertionError(f"the fuzzer produced a valid import: {request!r}")
        elif path == "/api/settings":
            settings = reply
        elif path == "/api/sync/settings":
            settings = {"settings": {key: value["value"] for key, value in reply["settings"].items()}}
    after = records(server)
    for record_id, (table, row) in after.items():
        if record_id in before:
            assert before[record_id] == (table, row), f"record {record_id} changed"
            continue
        record = accepted.get(record_id.lower())
        assert record is not None, f"record {record_id} was stored without being accepted"
        assert stored_as_sent(table, row, record), f"record {record_id} is not what was sent: {row} {record}"
    if resets == 0:
        assert before.keys() <= after.keys(), "a record disappeared without a confirmed reset"
    assert server.api("GET", "/api/settings") == settings, "the settings differ from the last accepted change"
    return len(accepted)


def trained_server(tmp_path) -> PeachServer:
    """`peach serve` on a new database with two synced records of each kind."""
    server = PeachServer(tmp_path / "peach.sqlite")
    server.start()
    now = int(time.time() * 1000)
    common = {"referenceNote": 60, "targetNote": 67, "tuningSystem": "justIntonation"}
    batch = [
        {"id": str(uuid.uuid4()), "trainingType": "pitchDiscrimination", "timestamp": now - 60_000 + index,
         "centOffset": 12.5 - index, "isCorrect": index % 2 == 0, **common} for index in range(2)
    ] + [
        {"id": str(uuid.uuid4()), "trainingType": "pitchMatching", "timestamp": now - 30_000 + index,
         "initialCentOffset": 40.0, "userCentError": -3.5 + index, **common} for index in range(2)
    ]
    reply = server.api("POST", "/api/sync/records", {"records": batch})
    assert len(reply["accepted"]) == 4, reply
    return server


@pytest.mark.parametrize("mode", ["negative", "all"])
def test_fuzzing_every_endpoint_finds_no_5xx_and_no_record_from_an_invalid_request(tmp_path, mode):
    server = trained_server(tmp_path)
    try:
        before = records(server)
        assert len(before) == 4
        settings = server.api("GET", "/api/settings")
        entries = fuzz(server, mode, tmp_path)
        assert len(entries) > 100
        accepted = check_database_against(entries, before, settings, server)
        if mode == "all":  # the schema's example upload was among them: the check had work to do
            assert accepted > 0
        stored = records(server)
        server.restart()  # everything stored is still there and readable
        assert_alive(server)
        assert records(server) == stored
    finally:
        server.stop()
