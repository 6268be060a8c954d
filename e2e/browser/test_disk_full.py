"""A full disk, for real: `peach serve` on a 3 MiB tmpfs that a filler file fills up. Uploads of
answers get a 507 `diskFull` that says nothing was stored (in the request's language); once the
filler is deleted, the same upload, retried as a device retries it, is stored, and the database
is undamaged. Mounting needs root (the test machine's CI runs as root); elsewhere it is skipped."""

import json
import os
import pathlib
import sqlite3
import subprocess
import urllib.error
import urllib.request

import pytest

from peach_server import PEACH, PeachServer, sync_batch


@pytest.fixture
def small_disk(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    mount = tmp_path / "disk"
    mount.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", str(mount)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip("cannot mount a tmpfs here: " + mounted.stderr.decode())
    yield mount
    subprocess.run(["umount", str(mount)], check=True)


def request(server, method, path, body=None, language="en"):
    """(status, parsed JSON) of one API request; errors are answers too."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(server.url(path), data=data, method=method)
    req.add_header("Accept-Language", language)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def fill(disk: pathlib.Path) -> pathlib.Path:
    """Writes a file until the filesystem has no space left."""
    filler = disk / "filler"
    descriptor = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        while True:
            os.write(descriptor, b"\0" * 4096)
    except OSError:
        pass
    finally:
        os.close(descriptor)
    return filler


def test_full_disk_is_507_and_recovers(small_disk):
    database = small_disk / "peach.sqlite"
    server = PeachServer(database)
    server.start()
    try:
        status, reply = request(server, "POST", "/api/sync/records", sync_batch(5))
        assert status == 200 and len(reply["accepted"]) == 5
        recorded = 5

        filler = fill(small_disk)
        # The WAL reuses its space for a while; it must grow (or a checkpoint must) within a
        # few hundred uploads, and then the disk is full.
        for _ in range(2000):
            upload = sync_batch(20)
            status, reply = request(server, "POST", "/api/sync/records", upload)
            if status != 200:
                break
            recorded += 20
        assert status == 507, reply
        assert reply["error"]["code"] == "diskFull"
        assert "is full, so nothing was stored" in reply["error"]["message"]
        status, reply = request(server, "POST", "/api/sync/records", upload, language="de")
        assert status == 507
        assert "ist voll; es wurde nichts gespeichert" in reply["error"]["message"]

        filler.unlink()
        status, reply = request(server, "POST", "/api/sync/records", upload)
        assert status == 200, reply
        assert sorted(reply["accepted"]) == sorted(record["id"] for record in upload["records"])
        recorded += 20
        status, reply = request(server, "POST", "/api/sync/records", upload)  # the retry of a retry
        assert status == 200 and len(reply["accepted"]) == 20
    finally:
        server.stop()
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert connection.execute("SELECT count(*) FROM comparisonRecord").fetchone()[0] == recorded
    finally:
        connection.close()


def test_export_to_a_full_disk_says_so_and_leaves_no_file(small_disk, tmp_path):
    """`peach export --output` onto a full disk: a clear message and exit status 1 (never a trap),
    and nothing of the export on the disk, neither the file nor a part of it."""
    database = tmp_path / "peach.sqlite"
    server = PeachServer(database)
    server.start()
    try:
        for _ in range(20):
            server.api("POST", "/api/sync/records", sync_batch(100))
    finally:
        server.stop()
    filler = fill(small_disk)
    target = small_disk / "export.csv"
    result = subprocess.run([str(PEACH), "export", "--data", str(database), "--output", str(target)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1, result
    assert "The disk is full: cannot write " + str(target) in result.stderr
    assert sorted(path.name for path in small_disk.iterdir()) == ["filler"]
    filler.unlink()
    result = subprocess.run([str(PEACH), "export", "--data", str(database), "--output", str(target)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert len(target.read_text().splitlines()) == 2 + 2000
