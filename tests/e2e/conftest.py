"""Fixtures for the end-to-end tests: the real `peach` binary on a real SQLite file, and
Debian's Chromium driven by Playwright (never `playwright install`)."""

import json
import os
import pathlib
import signal
import socket
import sqlite3
import subprocess
import time
import urllib.error
import urllib.request

import pytest
from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[2]
PEACH = pathlib.Path(os.environ.get("PEACH_BINARY", ROOT / ".build" / "debug" / "peach"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = ROOT / "tests" / "e2e" / "artifacts"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PeachServer:
    """`peach serve` on a database file of the test's own; restartable on the same file."""

    def __init__(self, data_path: pathlib.Path):
        self.data_path = data_path
        self.process = None
        self.port = None

    def start(self):
        self.port = free_port()
        self.process = subprocess.Popen(
            [str(PEACH), "serve", "--port", str(self.port), "--data", str(self.data_path)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        deadline = time.monotonic() + 30
        # Readiness is an event we can only observe by asking; /healthz answers once the
        # profile is loaded.
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("peach serve exited: " + self.process.stdout.read())
            try:
                with urllib.request.urlopen(self.url("/healthz"), timeout=1) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.05)
        raise RuntimeError("peach serve did not become healthy within 30 s")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                raise
        self.process = None

    def restart(self):
        self.stop()
        self.start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

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


@pytest.fixture
def server(tmp_path):
    instance = PeachServer(tmp_path / "peach.sqlite")
    instance.start()
    yield instance
    instance.stop()


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--autoplay-policy=no-user-gesture-required"])
        yield instance
        instance.close()


def new_page(browser, locale="en-US", viewport=None, color_scheme="light"):
    context = browser.new_context(
        locale=locale, viewport=viewport or {"width": 1024, "height": 768}, color_scheme=color_scheme,
        has_touch=True)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    return page


@pytest.fixture
def page(browser):
    page = new_page(browser)
    yield page
    assert page.errors == [], f"JavaScript errors on the page: {page.errors}"
    page.context.close()


def wait_until(predicate, timeout=10.0, message="condition"):
    """Waits for a state we can only observe by asking (the database file, from outside)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {message}")
