"""`peach serve --lan` (or with pairing required on loopback) as a child process, with the
pairing codes it prints, for the LAN end-to-end tests and the device benchmark."""

import http.client
import os
import pathlib
import queue
import re
import signal
import subprocess
import threading

ROOT = pathlib.Path(__file__).resolve().parents[2]
PEACH = pathlib.Path(os.environ.get("PEACH_BINARY", ROOT / ".build" / "debug" / "peach"))
PAIR_URL = re.compile(r"http://([0-9.]+):(\d+)/pair\?code=([A-Z0-9]+)")
RUNNING = re.compile(r"Peach is running\. Open http://[^:]+:(\d+)/")


class LANServer:
    """Starts `peach serve ARGS --port 0 --data PATH` and follows its output: the port, and
    every pairing URL it prints (one new code each time a code is used). `launcher` runs it
    (`["prlimit", "--nofile=256"]`: prlimit execs it, so the pid stays Peach's)."""

    def __init__(self, data_path, *args, binary=PEACH, launcher=()):
        self.process = subprocess.Popen(
            [*launcher, str(binary), "serve", *args, "--port", "0", "--data", str(data_path)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.output = []
        self.urls = queue.Queue()
        started = threading.Event()
        self.port = None
        self.seen_codes = set()

        def follow():
            for line in self.process.stdout:
                self.output.append(line)
                match = RUNNING.search(line)
                if match:
                    self.port = int(match.group(1))
                    started.set()
                for found in PAIR_URL.finditer(line):
                    self.urls.put((found.group(1), int(found.group(2)), found.group(3)))
            started.set()

        threading.Thread(target=follow, daemon=True).start()
        if not started.wait(60) or self.port is None:
            self.stop()
            raise RuntimeError("peach serve did not start: " + "".join(self.output))

    def next_pairing(self, timeout=10):
        """(address, port, code) of the next new code printed (one URL per address is printed
        for each code; the others of the same code are skipped)."""
        while True:
            address, port, code = self.urls.get(timeout=timeout)
            if code not in self.seen_codes:
                self.seen_codes.add(code)
                return address, port, code

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                raise


def request(host, port, method, path, body=None, headers=None):
    """One request on a fresh connection: (status, headers, body text)."""
    connection = http.client.HTTPConnection(host, port, timeout=10)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.headers, response.read().decode()
    finally:
        connection.close()


def pair(host, port, code, user_agent="Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36"):
    """Pairs through the real flow (the confirmation page, then its form); returns the cookie
    (`peach_session=…`) and the whole Set-Cookie header."""
    status, _, page = request(host, port, "GET", f"/pair?code={code}")
    assert status == 200, (status, page)
    status, headers, _ = request(
        host, port, "POST", "/pair", body=f"code={code}",
        headers={"Content-Type": "application/x-www-form-urlencoded", "User-Agent": user_agent,
                 "Sec-Fetch-Site": "same-origin"})
    assert status == 303, status
    set_cookie = headers["Set-Cookie"]
    return set_cookie.split(";")[0], set_cookie


def peach(*args, binary=PEACH):
    """Runs a `peach` command to completion."""
    return subprocess.run([str(binary), *args], capture_output=True, text=True, timeout=60)
