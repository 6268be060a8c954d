"""Fixtures of the engine suites: Peach in WebKit and Firefox against the real `peach serve`.

- `engine` is one browser session per engine for the whole run (`ENGINES`: WebKitGTK's
  MiniBrowser through WebKitWebDriver, Firefox ESR through Marionette; engine.py), so every test
  runs once in each, the tests of one engine together. Starting a browser costs seconds: a session is shared, and each
  test gets an origin of its own instead (its server listens on a new port).
- `pulse` is a PulseAudio daemon with a null sink (pulse_audio.py) that both engines play into;
  `display` is an Xvfb screen for WebKitGTK, which needs an X display (Firefox runs headless).
- `server` is the real `peach serve` on a fresh database file (e2e/browser/peach_server.py),
  with the instrument sounds prepared once for the run.
- `peach` is Peach in the engine on that server (peach_page.py); after the test, no script
  error may have reached the engine.

How long each engine's suite took (its session's start to its end) is printed at the end.

A scenario added here is a test that takes `peach` (and, as it needs them, `engine`, `server`,
`pulse`): it runs in both engines, in the same session as the others. A stand-in for a browser
API that the app uses only from a tap on (a recorded `navigator.audioSession`, an AudioContext
that starts late) can be put in place with `engine.run` after `peach.open` and before the tap.
Nothing can run before the page's own scripts in WebKit (WebKitWebDriver 2.50 has no way to add
a script to every new document), so what the app must meet while its modules load has to come
from the server, or from a proxy in front of it as e2e/browser/delaying_proxy.py is.
"""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import time

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "browser"))

from engine import Firefox, WebKit  # noqa: E402
from peach_page import PeachPage  # noqa: E402
from peach_server import ARTIFACTS, prepare_sounds, serving  # noqa: E402
from pulse_audio import PulseAudio  # noqa: E402

ENGINES = ["webkit", "firefox"]
SUITE_SECONDS: dict[str, float] = {}


@pytest.fixture(scope="session", autouse=True)
def prepared_sounds(tmp_path_factory):
    return prepare_sounds(tmp_path_factory.mktemp("sounds"))


@pytest.fixture(scope="session")
def pulse(tmp_path_factory):
    daemon = PulseAudio(tmp_path_factory.mktemp("pulse"))
    yield daemon
    daemon.stop()


@pytest.fixture(scope="session")
def display(tmp_path_factory):
    """An X display of its own: Xvfb picks a free number and writes it to a pipe, which stays
    open while it runs (it writes again after a reset; -noreset: it never resets when its last
    client leaves)."""
    read, write = os.pipe()
    log = tmp_path_factory.mktemp("xvfb") / "xvfb.log"
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-noreset", "-screen", "0", "1280x1024x24",
                             "-nolisten", "tcp"],
                            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=open(log, "w"))
    os.close(write)
    try:
        number = os.read(read, 16).decode().strip()
        if not number:
            raise RuntimeError("Xvfb did not start: " + log.read_text())
        yield f":{number}"
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)
        os.close(read)


@pytest.fixture(scope="session", params=ENGINES)
def engine(request, pulse, tmp_path_factory):
    folder = tmp_path_factory.mktemp(request.param)
    started = time.monotonic()
    if request.param == "webkit":
        # NO_AT_BRIDGE: no accessibility bus to look for on a display without a desktop.
        environment = {**pulse.environment(), "DISPLAY": request.getfixturevalue("display"), "NO_AT_BRIDGE": "1"}
        session = WebKit(environment, folder / "webkit.log")
    else:
        session = Firefox(pulse.environment(), folder)
    yield session
    session.quit()
    SUITE_SECONDS[f"{request.param} {session.version}"] = time.monotonic() - started


@pytest.fixture
def server(tmp_path):
    with serving(tmp_path / "peach.sqlite") as instance:
        yield instance


@pytest.fixture
def peach(request, engine, server):
    page = PeachPage(engine, server)
    yield page
    errors = engine.script_errors()
    if getattr(request.node, "rep_call", None) and request.node.rep_call.failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        engine.screenshot(ARTIFACTS / f"{request.node.name}.png")
    assert not errors, f"script errors in {engine.name}: {errors}"


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    """Keeps each phase's report on the test item, so that `peach` can see that the test failed
    (and keep a screenshot for a person to look at)."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


def pytest_configure(config):
    # Selenium's own WebKitGTK driver still sets the address the deprecated way.
    config.addinivalue_line("filterwarnings", "ignore:setting remote_server_addr:DeprecationWarning")


def pytest_terminal_summary(terminalreporter):
    for suite, seconds in SUITE_SECONDS.items():
        terminalreporter.write_line(f"engine suite {suite}: {seconds:.1f} s, browser start included")
