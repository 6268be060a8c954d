"""Connections cannot take the server down (docs/api.md, "Connections"), with the real binary under
a small open-file limit (`prlimit --nofile=256`: 128 connections, 128 descriptors to spare) and a
short request timeout (`--request-timeout 2`, 60 s by default).

Bounded: at most 300 connections, all to this machine's own addresses (loopback and its
network address), each test under 30 s.
"""

import os
import selectors
import socket
import time

import pytest

from peach_lan import LANServer, request

NOFILE = 256
TOTAL = NOFILE - 128
PER_NETWORK_ADDRESS = 16


@pytest.fixture
def server(tmp_path):
    server = LANServer(tmp_path / "peach.sqlite", "--lan", "--request-timeout", "2",
                       launcher=["prlimit", f"--nofile={NOFILE}"])
    yield server
    server.stop()


def trickler(host, port):
    """A connection with a whole request head whose 100-byte body comes a byte at a time."""
    sock = socket.create_connection((host, port), timeout=5)
    sock.sendall(f"PUT /api/settings HTTP/1.1\r\nHost: {host}:{port}\r\n"
                 "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{".encode())
    sock.setblocking(False)
    return sock


def closed_by_server(sockets, within, trickle):
    """Waits up to `within` seconds, sending every open socket a byte each half second when
    `trickle`, and returns the sockets the server closed in that time."""
    selector = selectors.DefaultSelector()
    for sock in sockets:
        selector.register(sock, selectors.EVENT_READ)
    closed = set()
    deadline = time.monotonic() + within
    next_byte = time.monotonic() + 0.5
    while len(closed) < len(sockets) and time.monotonic() < deadline:
        for key, _ in selector.select(timeout=0.1):
            try:
                data = key.fileobj.recv(4096)
            except (ConnectionResetError, BlockingIOError) as error:
                data = b"" if isinstance(error, ConnectionResetError) else None
            if data == b"":
                closed.add(key.fileobj)
                selector.unregister(key.fileobj)
        if trickle and time.monotonic() >= next_byte:
            next_byte += 0.5
            for sock in sockets:
                if sock not in closed:
                    try:
                        sock.send(b" ")
                    except (BrokenPipeError, ConnectionResetError, BlockingIOError):
                        pass
    selector.close()
    return closed


def open_descriptors(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def test_network_address_is_limited_and_trickling_bodies_are_cut_off(server):
    address, port, _ = server.next_pairing()
    assert address != "127.0.0.1"
    sockets = [trickler(address, port) for _ in range(PER_NETWORK_ADDRESS + 4)]
    try:
        # The connections beyond 16 from one network address are closed at once ...
        refused = closed_by_server(sockets, within=1, trickle=False)
        assert len(refused) == 4
        # ... while this machine is served as before,
        assert request("127.0.0.1", port, "GET", "/healthz")[0] == 200
        # and the 16 whose bodies trickle are cut off at the request timeout (2 s), although a
        # byte arrives every half second.
        started = time.monotonic()
        held = [sock for sock in sockets if sock not in refused]
        assert closed_by_server(held, within=10, trickle=True) == set(held)
        assert time.monotonic() - started < 6
        # Then the address is served again (unpaired: the 401 that explains pairing, over HTTPS).
        assert request(address, port, "GET", "/", tls=server.tls)[0] == 401
    finally:
        for sock in sockets:
            sock.close()
    assert server.process.poll() is None


def test_more_connections_than_descriptors_on_loopback_degrade_and_recover(server):
    _, port, _ = server.next_pairing()
    pid = server.process.pid
    sockets = []
    try:
        # More connections than the server may open files: beyond 128 it stops accepting
        # (they wait in the kernel's backlog) instead of running out of descriptors.
        sockets = [trickler("127.0.0.1", port) for _ in range(300)]
        most = 0
        until = time.monotonic() + 5
        while most < TOTAL and time.monotonic() < until:  # until the server holds its 128
            most = max(most, open_descriptors(pid))
        assert TOTAL <= most < NOFILE - 64
        assert server.process.poll() is None
        # Every one is closed after its request timeout, 128 at a time.
        assert closed_by_server(sockets, within=25, trickle=True) == set(sockets)
    finally:
        for sock in sockets:
            sock.close()
    assert server.process.poll() is None
    assert request("127.0.0.1", port, "GET", "/healthz")[0] == 200
    output = "".join(server.output)
    assert "Fatal error" not in output and "Too many open files" not in output
