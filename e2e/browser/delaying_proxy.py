"""A delaying TCP proxy for the slow-network tests: loopback only, bounded lifetime.

The kernel here has no netem, so latency is added in user space: every chunk read from one side
is written to the other `delay` seconds later (order kept), in both directions — 50 ms each way
adds 100 ms to every round trip. It runs an asyncio loop in a thread of its own, so the
synchronous Playwright test can drive it:

    with DelayingProxy(server.port) as proxy:
        page.goto(proxy.url("/"))
        proxy.go_offline()     # the listener closes and live connections drop: connection refused
        proxy.go_online()      # listening again on the same port
        proxy.hold_next_upload_response()   # the server answered (and so committed) …
        proxy.wait_until_held()             # … the browser has not seen it yet
        proxy.drop_held()                   # … and never will: the connection closes
        proxy.refuse(rb"[.]wasm$")          # such a file is lost on the way: 404 from the proxy
        proxy.damage_first(rb"[.]flac$")    # the first reply for each such file arrives damaged

The network it stands for is transparent: the browser addresses the proxy, but the server must
see itself addressed (its Host allow-list and same-origin check refuse anything else, as they
should), so the proxy writes the server's address for its own in what the browser sends — in the
Host, Origin and Referer headers; bodies here never contain it.

It understands just enough HTTP/1.1 to see which request a connection carries (Chromium sends one
at a time per connection): `uploads` counts the record uploads (`POST /api/sync/records`) that
reached the server, retries included.
"""

from __future__ import annotations

import asyncio
import re
import threading

UPLOAD_REQUEST = re.compile(rb"^POST /api/sync/records ")


class DelayingProxy:
    """Forwards 127.0.0.1:`port` to 127.0.0.1:`upstream_port`, `delay` seconds each way."""

    def __init__(self, upstream_port: int, delay: float = 0.05, lifetime: float = 180.0):
        self.upstream_port = upstream_port
        self.delay = delay
        self.lifetime = lifetime  # the proxy closes itself after this many seconds, whatever happens
        self.port: int | None = None
        self.uploads = 0
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="delaying-proxy", daemon=True)
        self._listener: asyncio.base_events.Server | None = None
        self._connections: set[_Connection] = set()
        self._hold_armed = False
        self._held: _Connection | None = None
        self._held_event = threading.Event()
        self._refused: re.Pattern | None = None
        self._damaging: re.Pattern | None = None
        self.damaged: list[bytes] = []  # the paths whose first reply was damaged
        self.requested: list[bytes] = []  # the path of every request that reached the server

    # --- control, from the test's thread --------------------------------------------------------

    def __enter__(self) -> "DelayingProxy":
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def start(self) -> None:
        self._thread.start()
        self._call(self._listen())
        self._loop.call_soon_threadsafe(self._loop.call_later, self.lifetime, self._expire)

    def stop(self) -> None:
        if not self._thread.is_alive():
            return
        self._call(self._finish())
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=5)
        self._loop.close()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def go_offline(self) -> None:
        """The server becomes unreachable: new connections are refused, open ones drop."""
        self._call(self._shut())

    def go_online(self) -> None:
        """Reachable again, on the same port."""
        self._call(self._listen())

    def hold_next_upload_response(self) -> None:
        """The reply to the next record upload is kept from the browser (see `drop_held`)."""
        self._held_event.clear()
        self._loop.call_soon_threadsafe(setattr, self, "_hold_armed", True)

    def wait_until_held(self, timeout: float = 10.0) -> None:
        """Returns once the server has replied to the held upload: the records are committed."""
        if not self._held_event.wait(timeout):
            raise AssertionError("the server did not reply to the upload")

    def drop_held(self) -> None:
        """Closes the held connection: the browser never gets that reply."""
        self._call(self._drop_held())

    # --- the loop's side ------------------------------------------------------------------------

    def refuse(self, path: bytes) -> None:
        """From now on a request whose path matches the regular expression `path` never reaches
        the server: the proxy answers it 404 itself, as a file lost on the way (a broken
        download) looks to the browser."""
        self._refused = re.compile(path)

    def damage_first(self, path: bytes) -> None:
        """From now on the first reply for each path that matches the regular expression `path`
        arrives damaged: the same status, headers and length, some bytes of its body changed — as
        a flaky network or a broken proxy delivers a file, which the browser takes (and keeps in
        its HTTP cache) as it came. Later requests of that path pass untouched."""
        self._damaging = re.compile(path)

    def _call(self, coroutine):
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result(timeout=10)

    async def _listen(self) -> None:
        if self._listener is not None:
            return
        self._listener = await asyncio.start_server(
            self._accept, "127.0.0.1", self.port or 0, reuse_address=True)
        self.port = self._listener.sockets[0].getsockname()[1]

    async def _shut(self) -> None:
        if self._listener is not None:
            self._listener.close()
            self._listener = None
        for connection in list(self._connections):
            connection.close()

    async def _finish(self) -> None:
        """Closes everything and lets every task of the loop end before the loop stops."""
        await self._shut()
        tasks = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _drop_held(self) -> None:
        if self._held is not None:
            self._held.close()
            self._held = None

    def _expire(self) -> None:
        asyncio.ensure_future(self._shut())

    async def _accept(self, client_reader, client_writer) -> None:
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection("127.0.0.1", self.upstream_port)
        except OSError:
            client_writer.close()  # the server is down: the browser sees the connection close
            return
        connection = _Connection(self, client_writer, upstream_writer)
        self._connections.add(connection)
        await connection.run(client_reader, upstream_reader)
        self._connections.discard(connection)


class _Connection:
    """One proxied connection: two delayed pumps and the request it currently carries."""

    def __init__(self, proxy: DelayingProxy, client_writer, upstream_writer):
        self.proxy = proxy
        self.client_writer = client_writer
        self.upstream_writer = upstream_writer
        self.holding = False  # the current request's reply is held back
        self.damage: _Damage | None = None  # the current request's reply arrives damaged
        self.closed = False

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        for writer in (self.client_writer, self.upstream_writer):
            writer.transport.abort()  # no FIN handshake: as abrupt as a dropped network

    async def run(self, client_reader, upstream_reader) -> None:
        await asyncio.gather(
            self._pump(client_reader, self.upstream_writer, self._saw_request, self._as_sent_to_server),
            self._pump(upstream_reader, self.client_writer, self._saw_reply, self._as_sent_to_browser),
            return_exceptions=True)
        self.close()

    def _as_sent_to_server(self, data: bytes) -> bytes:
        """The browser's bytes with the proxy's address replaced by the server's."""
        return data.replace(
            f"127.0.0.1:{self.proxy.port}".encode(), f"127.0.0.1:{self.proxy.upstream_port}".encode())

    def _saw_request(self, data: bytes) -> bool:
        refused = self.proxy._refused
        target = data.split(b"\r\n", 1)[0].split(b" ")
        if refused is not None and len(target) >= 2 and refused.search(target[1].split(b"?")[0]):
            self.client_writer.write(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            self.closed = True
            self.client_writer.transport.close()  # after the 404 is out
            self.upstream_writer.transport.abort()
            return False
        damaging = self.proxy._damaging
        if len(target) >= 2:
            path = target[1].split(b"?")[0]
            self.proxy.requested.append(path)
            if damaging is not None and damaging.search(path) and path not in self.proxy.damaged:
                self.proxy.damaged.append(path)
                self.damage = _Damage()
        if UPLOAD_REQUEST.match(data):
            self.proxy.uploads += 1
            if self.proxy._hold_armed:
                self.proxy._hold_armed = False
                self.holding = True
        return True

    def _saw_reply(self, data: bytes) -> bool:
        if self.holding:
            self.proxy._held = self
            self.proxy._held_event.set()
            return False  # kept from the browser
        return True

    def _as_sent_to_browser(self, data: bytes) -> bytes:
        """The server's bytes, damaged if this reply is to be (`damage_first`)."""
        if self.damage is None:
            return data
        data, done = self.damage.apply(data)
        if done:
            self.damage = None
        return data

    async def _pump(self, reader, writer, inspect, rewrite=lambda data: data) -> None:
        """Copies reader → writer, each chunk `delay` seconds after it was read."""
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue = asyncio.Queue()

        async def deliver():
            while True:
                due, data = await queue.get()
                wait = due - loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)  # the added latency itself
                if data is None or self.closed:
                    self.close()
                    return
                if inspect(data):
                    writer.write(rewrite(data))
                    await writer.drain()

        delivery = asyncio.ensure_future(deliver())
        try:
            while not self.closed:
                data = await reader.read(65536)
                queue.put_nowait((loop.time() + self.proxy.delay, data or None))
                if not data:
                    break
            await delivery
        finally:
            delivery.cancel()


class _Damage:
    """Changes bytes `start`…`start + length` of one reply's body (each XOR 0x55), wherever the
    chunks it arrives in begin and end: the headers, and so the length, stay as they were."""

    def __init__(self, start: int = 4096, length: int = 64):
        self.start = start
        self.length = length
        self.head = b""  # the reply's bytes until its headers end
        self.offset: int | None = None  # how far into the body the next chunk begins

    def apply(self, data: bytes) -> tuple[bytes, bool]:
        """`data` as it goes on, and whether the damage is done."""
        prefix = b""
        if self.offset is None:
            self.head += data
            end = self.head.find(b"\r\n\r\n")
            if end == -1:
                return data, False
            body_in_chunk = len(self.head) - (end + 4)
            prefix, data = data[:len(data) - body_in_chunk], data[len(data) - body_in_chunk:]
            self.offset = 0
        changed = bytearray(data)
        for index in range(len(changed)):
            if self.start <= self.offset + index < self.start + self.length:
                changed[index] ^= 0x55
        self.offset += len(changed)
        return prefix + bytes(changed), self.offset >= self.start + self.length
