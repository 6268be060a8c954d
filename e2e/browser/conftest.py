"""Browser test fixtures: Debian's Chromium through Playwright, the real server, a static server.

`browser` launches /usr/bin/chromium (never a downloaded browser) with autoplay allowed,
`new_page` opens a fresh context and page, `server` runs the real `peach serve` on a database
file of the test's own (peach_server.py), and `page` is a fresh page at 1024×768.

`static_server` serves only the audio engine's test bench (test_audio_engine.py renders the
engine alone in an OfflineAudioContext, no server needed) on an ephemeral loopback port:

    /assets/...    -> Client/   (as the Swift server serves them)
    /fixtures/...  -> e2e/browser/fixtures/

It sends COOP/COEP headers so its pages are cross-origin isolated (`performance.now()` at 5 µs).
"""

from __future__ import annotations

import functools
import http.server
import os
import pathlib
import threading

import pytest
from playwright.sync_api import sync_playwright

from device_page import returning_user
from peach_server import prepare_sounds, serving

REPO = pathlib.Path(__file__).resolve().parents[2]
ASSETS = REPO / "Client"
FIXTURES = pathlib.Path(__file__).resolve().parent / "fixtures"

CHROMIUM = os.environ.get("PEACH_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--autoplay-policy=no-user-gesture-required",
    "--mute-audio",  # rendering and timing are unaffected; nothing comes out of the machine
]


class _StaticHandler(http.server.SimpleHTTPRequestHandler):
    """Maps /assets/ and /fixtures/ onto their directories; everything else is 404."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".css": "text/css",
        ".svg": "image/svg+xml",
        ".html": "text/html",
    }

    def translate_path(self, path: str) -> str:
        path = path.split("?", 1)[0].split("#", 1)[0]
        for prefix, root in (("/assets/", ASSETS), ("/fixtures/", FIXTURES)):
            if path.startswith(prefix):
                relative = pathlib.PurePosixPath(path[len(prefix):])
                if ".." in relative.parts:
                    break
                return str(root.joinpath(*relative.parts))
        return str(FIXTURES / "__not_found__")

    def end_headers(self) -> None:
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # keep test output quiet
        pass


def start_static_server() -> tuple[http.server.ThreadingHTTPServer, str]:
    """Starts the static server on 127.0.0.1 and an ephemeral port; returns (server, base URL)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _StaticHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def launch_chromium(playwright, **kwargs):
    """Launches Debian's Chromium with the arguments every Peach browser test needs."""
    return playwright.chromium.launch(
        executable_path=CHROMIUM, args=CHROMIUM_ARGS + kwargs.pop("args", []), **kwargs
    )


@pytest.fixture(scope="session")
def static_server():
    server, base_url = start_static_server()
    yield base_url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        yield chromium
        chromium.close()


@pytest.fixture
def new_page(browser):
    """A factory for pages in fresh contexts (closed after the test): new_page(viewport=...).
    Each is a returning user's, who has seen every mode's hint (device_page.returning_user);
    `new_page(newcomer=True)` is a first visit's."""
    contexts = []

    def make(newcomer=False, **context_options):
        context = browser.new_context(**context_options)
        if not newcomer:
            returning_user(context)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(error))
        return page

    errors: list = []
    yield make
    for context in contexts:
        context.close()
    assert not errors, f"uncaught errors in the page: {errors}"


@pytest.fixture(scope="session", autouse=True)
def prepared_sounds(tmp_path_factory):
    """The instrument sounds, prepared once for the whole run (peach_server.prepare_sounds).
    Returns the index."""
    return prepare_sounds(tmp_path_factory.mktemp("sounds"))


@pytest.fixture
def server(tmp_path):
    """The real `peach serve` on a fresh database file of the test's own."""
    with serving(tmp_path / "peach.sqlite") as instance:
        yield instance


@pytest.fixture
def page(new_page):
    return new_page(viewport={"width": 1024, "height": 768})
