"""`peach serve --lan` (or with pairing required on loopback) as a child process, with the
pairing codes it prints, for the LAN end-to-end tests and the device benchmark.

With `--lan` Peach serves HTTPS to the network with its own certificate authority
in `<data folder>/tls/ca.crt`: `LANServer.tls` is a client context that trusts exactly that
authority, `chromium_trust_env` makes Chromium trust it (an NSS database built with
`certutil`, from libnss3-tools), and `spki_hash` gives the value for Chromium's
`--ignore-certificate-errors-spki-list`, for a browser test that only needs to skip the check."""

import base64
import hashlib
import http.client
import os
import pathlib
import queue
import re
import signal
import ssl
import subprocess
import threading

ROOT = pathlib.Path(__file__).resolve().parents[2]
PEACH = pathlib.Path(os.environ.get("PEACH_BINARY", ROOT / ".build" / "debug" / "peach"))
PAIR_URL = re.compile(r"(https?)://([0-9.]+):(\d+)/pair\?code=([A-Z0-9]+)")
RUNNING = re.compile(r"Peach is running\. Open http://[^:]+:(\d+)/")


class LANServer:
    """Starts `peach serve ARGS --port 0 --data PATH` and follows its output: the port, and
    every pairing URL it prints (one new code each time a code is used). `launcher` runs it
    (`["prlimit", "--nofile=256"]`: prlimit execs it, so the pid stays Peach's)."""

    def __init__(self, data_path, *args, binary=PEACH, launcher=()):
        self.process = subprocess.Popen(
            [*launcher, str(binary), "serve", *args, "--port", "0", "--data", str(data_path),
             # The instrument sounds the browser tests prepared (e2e/browser/peach_server.py).
             "--sounds-folder", str(ROOT / ".build" / "test-sounds")],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.output = []
        self.urls = queue.Queue()
        started = threading.Event()
        self.port = None
        self.seen_codes = set()
        self.scheme = None
        self.data_path = pathlib.Path(data_path)

        def follow():
            for line in self.process.stdout:
                self.output.append(line)
                match = RUNNING.search(line)
                if match:
                    self.port = int(match.group(1))
                    started.set()
                for found in PAIR_URL.finditer(line):
                    self.scheme = found.group(1)
                    self.urls.put((found.group(2), int(found.group(3)), found.group(4)))
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

    @property
    def ca_path(self):
        """Peach's certificate authority beside the database (with `--lan`)."""
        return self.data_path.parent / "tls" / "ca.crt"

    @property
    def tls(self):
        """A client context that trusts Peach's certificate authority and nothing else, and
        checks the name (or address) the connection asks for."""
        return ssl.create_default_context(cafile=str(self.ca_path))

    def addresses(self):
        """Every network address the first pairing code was printed for."""
        first = None
        found = []
        for match in PAIR_URL.finditer("".join(self.output)):
            first = first or match.group(4)
            if match.group(4) == first and match.group(2) not in found:
                found.append(match.group(2))
        return found

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                raise


def request(host, port, method, path, body=None, headers=None, tls=None, raw=False):
    """One request on a fresh connection: (status, headers, body text — or bytes with `raw`).
    With `tls` (an `ssl.SSLContext`, e.g. `LANServer.tls`) over HTTPS, else plain HTTP."""
    if tls is None:
        connection = http.client.HTTPConnection(host, port, timeout=10)
    else:
        connection = http.client.HTTPSConnection(host, port, timeout=10, context=tls)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        content = response.read()
        return response.status, response.headers, content if raw else content.decode()
    finally:
        connection.close()


def pair(host, port, code, user_agent="Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36",
         tls=None):
    """Pairs through the real flow (the confirmation page, then its form); returns the cookie
    (`peach_session=…`) and the whole Set-Cookie header."""
    status, _, page = request(host, port, "GET", f"/pair?code={code}", tls=tls)
    assert status == 200, (status, page)
    status, headers, _ = request(
        host, port, "POST", "/pair", body=f"code={code}",
        headers={"Content-Type": "application/x-www-form-urlencoded", "User-Agent": user_agent,
                 "Sec-Fetch-Site": "same-origin"}, tls=tls)
    assert status == 303, status
    set_cookie = headers["Set-Cookie"]
    return set_cookie.split(";")[0], set_cookie


def peach(*args, binary=PEACH):
    """Runs a `peach` command to completion."""
    return subprocess.run([str(binary), *args], capture_output=True, text=True, timeout=60)


def hostname_local():
    """This machine's `<hostname>.local`, as Peach puts it in its certificate: the host name's
    first label, lowercased, letters, digits and `-` only."""
    import socket
    label = socket.gethostname().split(".")[0].lower()
    return (re.sub(r"[^a-z0-9-]", "", label) or "peach") + ".local"


def spki_hash(certificate_path):
    """base64 SHA-256 of a certificate's public key (SubjectPublicKeyInfo), the form Chromium's
    `--ignore-certificate-errors-spki-list=` takes. Pass the server's own certificate (Chromium
    matches it against the certificates the server presents)."""
    public_key = subprocess.run(
        ["openssl", "x509", "-in", str(certificate_path), "-noout", "-pubkey"],
        check=True, capture_output=True).stdout
    der = subprocess.run(
        ["openssl", "pkey", "-pubin", "-outform", "DER"], input=public_key, check=True, capture_output=True).stdout
    return base64.b64encode(hashlib.sha256(der).digest()).decode()


def chromium_trust_env(ca_path, home):
    """An environment for Chromium in which it trusts the certificate authority at `ca_path` as
    a user-installed root, as a phone does after its owner installed Peach's certificate:
    Chromium on Linux reads user trust from the NSS database `$HOME/.pki/nssdb`, which this
    builds in `home` with `certutil` (Debian's libnss3-tools). Pass it as Playwright's
    `launch(env=...)`."""
    database = pathlib.Path(home) / ".pki" / "nssdb"
    database.mkdir(parents=True, exist_ok=True)
    subprocess.run(["certutil", "-d", f"sql:{database}", "-N", "--empty-password"], check=True,
                   capture_output=True)
    subprocess.run(["certutil", "-d", f"sql:{database}", "-A", "-t", "C,,", "-n", "Peach CA", "-i", str(ca_path)],
                   check=True, capture_output=True)
    return {**os.environ, "HOME": str(home)}
