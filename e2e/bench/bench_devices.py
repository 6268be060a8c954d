#!/usr/bin/env python3
"""Server load benchmark: 200 simulated paired devices syncing with one server that holds a
three-year history, over real HTTP on loopback, against the real `peach` binary — each device
running the cycle the browser's `sync.js` runs.

The server runs with `--require-pairing-on-loopback`, so loopback clients are treated exactly
like devices on the network: every device pairs through the real flow (`GET /pair?code=…`, then
the form's `POST /pair`, reading each next code from the server's output) and sends its session
cookie with every request, so every request goes through the session lookup. Before it starts,
the history (default 1,000,000 records, one every 95 s over three years, as bench_local.py
writes it) is imported with `peach import`.

Each device keeps one HTTP/1.1 keep-alive connection (asyncio streams: 200 threads with
http.client would measure the GIL more than the server) and, as a person training answers about
once a second and `sync.js` syncs ten seconds after an answer, runs one sync every `--period`
seconds (default 10) with the answers made since (one a second), in sync.js's order:

1. `POST /api/sync/settings` (the device's settings: none changed here) — its reply says when
   the history was last reset;
2. `POST /api/sync/records` with the new answers (comparisons, ids made as the device makes
   them); its reply's `profileVersion` tells whether this device's profile is the server's now
   (its answers were the only change since its version) — then the next step costs a 304;
3. unless the upload's reply said the device holds the server's version now, `GET
   /api/sync/profile` with `If-None-Match` of the version it holds: `304`, or the summary (and
   its new version). With 200 devices training at once, another device has nearly always
   uploaded since, so nearly every sync downloads the summary.

Replies are asked for with `Accept-Encoding: gzip` (Python's standard library has no Brotli;
browsers get Brotli, smaller and about as fast to make). Devices start spread over the first
period. Per request kind: the server's own time (its Server-Timing header: from the request
reaching the router to the response, compression included) and the round trip from sending to
the last byte of the reply, which adds this client (one Python process on the same cores) and
the kernel; the bytes received. RSS from /proc (after pairing, at the end, and the peak VmHWM).

Bounded: loopback only, DEVICES connections, DURATION seconds.

    swift build -c release --product peach
    python3 e2e/bench/bench_devices.py --binary .build/release/peach [--history 1000000]
"""

import argparse
import asyncio
import json
import os
import pathlib
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
import zlib

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "lan"))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "browser"))
from peach_lan import LANServer, pair, request  # noqa: E402
from bench_local import write_history  # noqa: E402

KINDS = ("settings", "records", "profile")


def rss(pid):
    fields = {}
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        fields[key] = value.strip()
    return fields["VmRSS"], fields["VmHWM"]


async def http(reader, writer, method, path, cookie, body=None, headers=()):
    """One request on a keep-alive connection: (status, headers, body bytes decoded, seconds at
    the client, milliseconds the server reports in its Server-Timing header, bytes received)."""
    payload = body.encode() if body else b""
    head = (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {cookie}\r\n"
            "Accept-Encoding: gzip\r\n" + "".join(f"{name}: {value}\r\n" for name, value in headers))
    if body:
        head += f"Content-Type: application/json\r\nContent-Length: {len(payload)}\r\n"
    started = time.perf_counter()
    writer.write(head.encode() + b"\r\n" + payload)
    await writer.drain()
    status_line = await reader.readline()
    received = len(status_line)
    fields = {}
    while True:
        line = await reader.readline()
        received += len(line)
        if line in (b"\r\n", b""):
            break
        name, _, value = line.decode().partition(":")
        fields[name.strip().lower()] = value.strip()
    data = await reader.readexactly(int(fields.get("content-length", 0)))
    elapsed = time.perf_counter() - started
    received += len(data)
    if fields.get("content-encoding") == "gzip":
        data = zlib.decompress(data, 31)
    server = float(fields["server-timing"].removeprefix("app;dur="))
    return int(status_line.split()[1]), fields, data, elapsed, server, received


def answers(count, now_ms):
    """`count` comparisons as a device uploads them (the core's UploadJSON, which sync.js sends)."""
    return [{"id": str(uuid.uuid4()), "trainingType": "pitchDiscrimination", "timestamp": now_ms - count + index,
             "referenceNote": 48 + index % 24, "targetNote": 48 + index % 24, "tuningSystem": "equalTemperament",
             "centOffset": 12.5, "isCorrect": index % 2 == 0} for index in range(count)]


async def device(index, arguments, port, cookie, results, errors):
    period = arguments.period
    await asyncio.sleep(index * period / arguments.devices)  # spread the devices over the first period
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    version = None  # the server's version of the profile this device holds (sync.js)
    try:
        start = time.perf_counter()
        for cycle in range(int(arguments.duration / period)):
            await asyncio.sleep(max(0, start + cycle * period - time.perf_counter()))
            status, _, data, elapsed, server, received = await http(
                reader, writer, "POST", "/api/sync/settings", cookie, '{"settings": {}}')
            if status != 200:
                errors.append((index, cycle, "settings", status, data[:200]))
                return
            results["settings"].append((elapsed, server, received))
            batch = answers(round(period), int(time.time() * 1000))
            status, _, data, elapsed, server, received = await http(
                reader, writer, "POST", "/api/sync/records", cookie, json.dumps({"records": batch}))
            reply = json.loads(data) if status == 200 else None
            if status != 200 or len(reply["accepted"]) != len(batch):
                errors.append((index, cycle, "records", status, data[:200]))
                return
            results["records"].append((elapsed, server, received))
            change = reply["profileVersion"]
            version = change["after"] if version == change["before"] else None
            if version is not None:
                results["downloads"].append(None)  # its own answers were the only change: nothing asked
                continue
            status, fields, data, elapsed, server, received = await http(
                reader, writer, "GET", "/api/sync/profile", cookie,
                headers=[("If-None-Match", f'"{version}"')] if version else ())
            if status not in (200, 304):
                errors.append((index, cycle, "profile", status, data[:200]))
                return
            results["profile"].append((elapsed, server, received))
            results["downloads"].append(status == 200)
            if status == 200:
                version = fields["etag"].removeprefix("W/").strip('"')
    finally:
        writer.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=str(pathlib.Path(__file__).resolve().parents[2] / ".build/release/peach"))
    parser.add_argument("--devices", type=int, default=200)
    parser.add_argument("--duration", type=int, default=60, help="seconds")
    parser.add_argument("--period", type=float, default=10.0, help="seconds between a device's syncs")
    parser.add_argument("--history", type=int, default=1_000_000, help="records on the server before the run")
    arguments = parser.parse_args()
    assert 1 <= arguments.devices <= 500 and 1 <= arguments.duration <= 600 and 1 <= arguments.period <= 60

    with tempfile.TemporaryDirectory() as folder:
        data = pathlib.Path(folder) / "peach.sqlite"
        if arguments.history:
            history = pathlib.Path(folder) / "history.csv"
            write_history(history, arguments.history)
            subprocess.run([arguments.binary, "import", str(history), "--data", str(data)], check=True,
                           stdout=subprocess.DEVNULL)
        server = LANServer(data, "--require-pairing-on-loopback", binary=arguments.binary)
        try:
            port = server.port
            assert request("127.0.0.1", port, "GET", "/")[0] == 401, "loopback must need pairing here"
            pairing_started = time.perf_counter()
            cookies = []
            for index in range(arguments.devices):
                _, _, code = server.next_pairing()
                cookies.append(pair("127.0.0.1", port, code, user_agent=f"bench-device-{index}")[0])
            pairing_seconds = time.perf_counter() - pairing_started
            rss_paired, _ = rss(server.process.pid)

            results = {kind: [] for kind in (*KINDS, "downloads")}
            errors = []

            async def run():
                await asyncio.gather(*(device(index, arguments, port, cookie, results, errors)
                                       for index, cookie in enumerate(cookies)))

            load = os.getloadavg()[0]
            started = time.perf_counter()
            asyncio.run(run())
            wall = time.perf_counter() - started
            rss_end, rss_peak = rss(server.process.pid)
            load_end = os.getloadavg()[0]
        finally:
            server.stop()

    def quantile(values, q):
        return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")

    cycles = arguments.devices * int(arguments.duration / arguments.period)
    print(f"machine: {platform.machine()}, {platform.platform()}, {len(os.sched_getaffinity(0))} cores; "
          f"load average {load:.1f} at the start, {load_end:.1f} at the end")
    print(f"history: {arguments.history} records; devices paired through /pair: {arguments.devices} "
          f"in {pairing_seconds:.1f} s")
    print(f"sync cycles: {len(results['downloads'])} of {cycles} in {wall:.1f} s "
          f"({len(results['downloads']) / wall:.0f}/s, {round(arguments.period)} answers each), errors: {len(errors)}")
    for kind in KINDS:
        rows = results[kind]
        if not rows:
            continue
        trips = sorted(row[0] * 1000 for row in rows)
        server_times = sorted(row[1] for row in rows)
        print(f"{kind:8} round trip ms: median {statistics.median(trips):.2f}, p99 {quantile(trips, 0.99):.2f}; "
              f"server ms: median {statistics.median(server_times):.2f}, p90 {quantile(server_times, 0.90):.2f}, "
              f"p99 {quantile(server_times, 0.99):.2f}, max {server_times[-1]:.2f}; "
              f"received {sum(row[2] for row in rows) / len(rows):.0f} B per request")
    downloads = results["downloads"]
    if downloads:
        print(f"profile: {downloads.count(True)} downloads, {downloads.count(False)} not modified (304), "
              f"{downloads.count(None)} not asked (the upload's reply said it was current), of {len(downloads)} syncs")
    print(f"server RSS: {rss_paired} after pairing, {rss_end} at the end, peak {rss_peak}")
    for error in errors[:5]:
        print("error:", error)
    every = sorted(row[1] for kind in KINDS for row in results[kind])
    ok = not errors and len(results["downloads"]) == cycles and quantile(every, 0.99) < 10
    print("PASS" if ok else "FAIL", "(no error, every sync completed, server p99 < 10 ms over every request)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
