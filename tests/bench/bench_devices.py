#!/usr/bin/env python3
"""LAN benchmark: 200 simulated paired devices, each answering one comparison per second
for a minute, over real HTTP on loopback, against the real `peach` binary.

The server runs with `--require-pairing-on-loopback`, so loopback clients are treated exactly
like devices on the network: every device pairs through the real flow (`GET /pair?code=…`, then
the form's `POST /pair`, reading each next code from the server's output) and sends its session
cookie with every request, so every request goes through the session lookup.

Each device keeps one HTTP/1.1 keep-alive connection (asyncio streams: 200 threads with
http.client would measure the GIL more than the server), asks for one exercise, then answers it
once a second; every answer's reply carries the next exercise. Devices start spread evenly over
the first second. Two times per answer: the server's own (its Server-Timing header: from the
request reaching the router to the response), which the target is about, and the round trip
from sending to the last byte of the reply, which adds this client (one Python process on the
same cores) and the kernel. RSS from /proc (VmRSS after pairing, at the end, and the peak VmHWM).

Bounded: loopback only, DEVICES connections, DURATION seconds.

    swift build -c release --product peach
    python3 tests/bench/bench_devices.py --binary .build/release/peach
"""

import argparse
import asyncio
import json
import pathlib
import platform
import statistics
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "lan"))
from peach_lan import LANServer, pair, request  # noqa: E402


def rss(pid):
    fields = {}
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        fields[key] = value.strip()
    return fields["VmRSS"], fields["VmHWM"]


async def http(reader, writer, method, path, cookie, body=None):
    """One request on a keep-alive connection: (status, parsed JSON body, seconds at the client,
    milliseconds the server reports in its Server-Timing header)."""
    payload = body.encode() if body else b""
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {cookie}\r\n"
    if body:
        head += f"Content-Type: application/json\r\nContent-Length: {len(payload)}\r\n"
    started = time.perf_counter()
    writer.write(head.encode() + b"\r\n" + payload)
    await writer.drain()
    status_line = await reader.readline()
    length, server = 0, None
    while True:
        line = await reader.readline()
        if line in (b"\r\n", b""):
            break
        name, _, value = line.decode().partition(":")
        if name.lower() == "content-length":
            length = int(value)
        elif name.lower() == "server-timing":
            server = float(value.strip().removeprefix("app;dur="))
    data = await reader.readexactly(length)
    elapsed = time.perf_counter() - started
    return int(status_line.split()[1]), json.loads(data), elapsed, server


async def device(index, devices, port, cookie, duration, latencies, server_times, errors):
    await asyncio.sleep(index / devices)  # spread the devices over the first second
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        status, body, _, _ = await http(reader, writer, "GET", "/api/exercises/next?mode=comparison", cookie)
        if status != 200:
            errors.append((index, "next", status, body))
            return
        exercise = body["exercise"]["id"]
        start = time.perf_counter()
        for second in range(duration):
            await asyncio.sleep(max(0, start + second - time.perf_counter()))
            answer = '{"answer": "%s"}' % ("higher" if (index + second) % 2 else "lower")
            status, body, elapsed, server = await http(
                reader, writer, "POST", f"/api/exercises/{exercise}/answer", cookie, answer)
            if status != 200:
                errors.append((index, second, status, body))
                return
            latencies.append(elapsed)
            server_times.append(server)
            exercise = body["next"]["id"]
    finally:
        writer.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=str(pathlib.Path(__file__).resolve().parents[2] / ".build/release/peach"))
    parser.add_argument("--devices", type=int, default=200)
    parser.add_argument("--duration", type=int, default=60, help="seconds (answers per device)")
    arguments = parser.parse_args()
    assert 1 <= arguments.devices <= 500 and 1 <= arguments.duration <= 600

    with tempfile.TemporaryDirectory() as folder:
        server = LANServer(pathlib.Path(folder) / "peach.sqlite", "--require-pairing-on-loopback",
                           binary=arguments.binary)
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

            latencies, server_times, errors = [], [], []

            async def run():
                await asyncio.gather(*(
                    device(index, arguments.devices, port, cookie, arguments.duration, latencies, server_times, errors)
                    for index, cookie in enumerate(cookies)))

            started = time.perf_counter()
            asyncio.run(run())
            wall = time.perf_counter() - started
            rss_end, rss_peak = rss(server.process.pid)
        finally:
            server.stop()

    latencies.sort()
    server_times.sort()

    def quantile(q, values=latencies, scale=1000):
        return values[min(len(values) - 1, int(q * len(values)))] * scale if values else float("nan")
    expected = arguments.devices * arguments.duration
    print(f"machine: {platform.machine()}, {platform.platform()}, {len(__import__('os').sched_getaffinity(0))} cores")
    print(f"devices paired through /pair: {arguments.devices} in {pairing_seconds:.1f} s")
    print(f"answers: {len(latencies)} of {expected} in {wall:.1f} s ({len(latencies) / wall:.0f}/s), errors: {len(errors)}")
    if latencies:
        print(f"answer round trip ms: median {statistics.median(latencies) * 1000:.2f}, p90 {quantile(0.90):.2f}, "
              f"p99 {quantile(0.99):.2f}, p99.9 {quantile(0.999):.2f}, max {latencies[-1] * 1000:.2f}")
        print(f"server time (Server-Timing) ms: median {statistics.median(server_times):.2f}, "
              f"p90 {quantile(0.90, server_times, 1):.2f}, p99 {quantile(0.99, server_times, 1):.2f}, "
              f"p99.9 {quantile(0.999, server_times, 1):.2f}, max {server_times[-1]:.2f}")
    print(f"server RSS: {rss_paired} after pairing, {rss_end} at the end, peak {rss_peak}")
    for error in errors[:5]:
        print("error:", error)
    ok = not errors and len(latencies) == expected and quantile(0.99, server_times, 1) < 10
    print("PASS" if ok else "FAIL", "(no error, every answer recorded, server p99 < 10 ms)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
