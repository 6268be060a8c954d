"""Issue 6: a property-based fuzz run (schemathesis) of every endpoint in docs/openapi.yaml
against the real `peach serve` on a database file of its own.

Two bounded runs (a fixed seed, a cap on examples and on time, about a minute each), on a
database with some training in it:
1. negative — requests that violate the schema (wrong types, out-of-range values, unknown keys,
   missing fields, wrong content types); its stateful phase also chains valid calls;
2. all — valid and invalid requests, including the stateful chains the schema's links describe
   (issue an exercise, answer it, answer the next).
Each must find no 5xx and no reply that differs from the schema, and the server must still be
up afterwards (`/healthz`). Every request and reply is kept (a HAR report), and the database is
checked against them: each new record is the answer of a 200 reply to a valid answer request
(nothing stored by an invalid one), a record only disappears after a confirmed reset, and the
settings are those of the last accepted change."""

import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import urllib.parse
import urllib.request

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from peach_server import PeachServer  # noqa: E402

SCHEMA = ROOT / "docs" / "openapi.yaml"
SCHEMATHESIS = shutil.which("schemathesis") or "schemathesis"
# Checks that hold for any request; `positive_data_acceptance` is left out because a valid
# answer to an exercise id that was never issued is rightly a 404.
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


def is_valid_answer(body) -> bool:
    """The schema's `Answer`, by hand: exactly one of the two forms."""
    if not isinstance(body, dict) or len(body) != 1:
        return False
    if "answer" in body:
        return body["answer"] in ("higher", "lower")
    value = body.get("sliderValue")
    return isinstance(value, (int, float)) and not isinstance(value, bool) and -1 <= value <= 1


ANSWER = re.compile(r"/api/exercises/([0-9A-Fa-f-]{36})/answer$")


def check_database_against(entries, before, settings_before, server: PeachServer) -> int:
    """Every change in the database is explained by an accepted, valid request; returns the
    number of new records."""
    answered = {}
    resets = 0
    settings = settings_before
    for entry in entries:
        request, status = entry["request"], entry["response"]["status"]
        path = urllib.parse.urlsplit(request["url"]).path
        assert status < 500, f"{request['method']} {request['url']} → {status}"
        if status != 200 or request["method"] not in ("POST", "PUT"):
            continue
        body = request_json(entry)
        if match := ANSWER.search(path):
            assert is_valid_answer(body), f"an invalid answer was accepted: {body!r}"
            answered.setdefault(match.group(1).upper(), body)
        elif path == "/api/reset":
            assert body == {"confirm": True}, f"an unconfirmed reset was accepted: {body!r}"
            resets += 1
        elif path == "/api/import":
            raise AssertionError(f"the fuzzer produced a valid import: {request!r}")
        elif path == "/api/settings":
            settings = json.loads(entry["response"]["content"]["text"])
    after = records(server)
    for exercise_id, (table, row) in after.items():
        if exercise_id in before:
            assert before[exercise_id] == (table, row), f"record {exercise_id} changed"
            continue
        body = answered.get(exercise_id.upper())
        assert body is not None, f"record {exercise_id} was stored without an accepted answer"
        assert (table == "comparisonRecord") == ("answer" in body), f"record {exercise_id} of the wrong kind"
    if resets == 0:
        assert before.keys() <= after.keys(), "a record disappeared without a confirmed reset"
    assert server.api("GET", "/api/settings") == settings, "the settings differ from the last accepted change"
    return len(after.keys() - before.keys())


def trained_server(tmp_path) -> PeachServer:
    """`peach serve` on a new database with two answers of each kind."""
    server = PeachServer(tmp_path / "peach.sqlite")
    server.start()
    for mode, body in [("comparison", {"answer": "higher"}), ("pitchMatching", {"sliderValue": 0.25})]:
        exercise = server.api("GET", f"/api/exercises/next?mode={mode}")["exercise"]
        for _ in range(2):
            exercise = server.api("POST", f"/api/exercises/{exercise['id']}/answer", body)["next"]
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
        # The stateful chains answer real exercises, so the check above has work to do.
        assert check_database_against(entries, before, settings, server) > 0
        stored = records(server)
        server.restart()  # everything stored is still there and readable
        assert_alive(server)
        assert records(server) == stored
    finally:
        server.stop()
