"""End to end against the real server: `peach serve` on a fresh database, driven in Chromium.

Issue 4's browser checks that need the Swift server: answers are recorded exactly once with the
right correctness, leaving mid-exercise stores nothing, settings survive a restart and change
the next exercise, the interval modes show their interval, and the German UI has no English.
The binary is $PEACH_BINARY, else .build/debug/peach (built here if missing).
"""

from __future__ import annotations

import json
import math
import os
import pathlib
import re
import socket
import sqlite3
import subprocess
import urllib.request

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


def _binary() -> str:
    binary = os.environ.get("PEACH_BINARY") or str(REPO / ".build" / "debug" / "peach")
    if not pathlib.Path(binary).exists():
        subprocess.run(["swift", "build", "--product", "peach"], cwd=REPO, check=True)
    return binary


class PeachServer:
    """`peach serve` on a database file in `folder`; restartable on the same file."""

    def __init__(self, folder: pathlib.Path):
        self.database = folder / "peach.sqlite"
        self.process: subprocess.Popen | None = None
        self.base_url = ""

    def start(self) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.process = subprocess.Popen(
            [_binary(), "serve", "--port", str(port), "--data", str(self.database)],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline()  # printed once the server listens
        assert "Peach is running" in line, line
        self.base_url = f"http://127.0.0.1:{port}"

    def stop(self) -> None:
        if self.process:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None

    def api(self, method: str, path: str, body: dict | None = None) -> dict:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base_url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request) as response:
            return json.loads(response.read())

    def rows(self, sql: str) -> list:
        with sqlite3.connect(self.database) as connection:
            return connection.execute(sql).fetchall()


@pytest.fixture
def peach(tmp_path):
    server = PeachServer(tmp_path)
    server.start()
    # Short notes keep the tests quick; everything else stays at its default.
    server.api("PUT", "/api/settings", {"noteDuration": 0.3})
    yield server
    server.stop()


def start_training(page, peach, button: str) -> None:
    page.goto(peach.base_url + "/")
    page.click(button)  # the first tap on Start unlocks audio
    page.wait_for_selector("body[data-page]:not([data-page=start])")


def test_comparison_records_each_answer_once_with_its_correctness(new_page, peach):
    page = new_page()
    start_training(page, peach, "#start-comparison")
    given = []
    for index in range(20):
        page.wait_for_selector("#answer-higher:not([disabled])", timeout=10_000)
        higher = index % 3 != 0
        if index < 10:
            page.keyboard.press("ArrowUp" if higher else "l")
        else:
            page.click("#answer-higher" if higher else "#answer-lower")
        given.append(higher)
        page.wait_for_selector("#feedback[data-state=correct], #feedback[data-state=incorrect]", timeout=5_000)
    page.wait_for_timeout(500)
    rows = peach.rows("SELECT centOffset, isCorrect FROM comparisonRecord ORDER BY id")
    assert len(rows) == 20
    for higher, (offset, correct) in zip(given, rows):
        assert bool(correct) == (higher == (offset > 0))


def test_pitch_matching_records_each_release(new_page, peach):
    page = new_page()
    start_training(page, peach, "#start-pitch-matching")
    for index in range(20):
        page.wait_for_selector("#pitch-slider[aria-disabled=false]", timeout=10_000)
        box = page.locator("#pitch-slider").bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x, y + (index - 10) * box["height"] / 40, steps=4)
        page.mouse.up()
        page.wait_for_selector("#feedback:not([data-state=''])", timeout=5_000)
        page.wait_for_selector("#feedback[data-state='']", timeout=5_000)
    page.wait_for_timeout(500)
    assert peach.rows("SELECT count(*) FROM pitchMatchingRecord") == [(20,)]


@pytest.mark.parametrize("button, table", [
    ("#start-interval-comparison", "comparisonRecord"),
    ("#start-interval-pitch-matching", "pitchMatchingRecord"),
])
def test_interval_modes_show_the_target_interval(new_page, peach, button, table):
    page = new_page()
    start_training(page, peach, button)
    assert page.text_content("#target-interval").strip() == "Target interval: Perfect Fifth Up"
    for _ in range(3):
        if table == "comparisonRecord":
            page.wait_for_selector("#answer-higher:not([disabled])", timeout=10_000)
            page.click("#answer-lower")
        else:
            page.wait_for_selector("#pitch-slider[aria-disabled=false]", timeout=10_000)
            page.focus("#pitch-slider")
            page.keyboard.press("ArrowUp")
            page.keyboard.press("Enter")
        page.wait_for_selector("#feedback:not([data-state=''])", timeout=5_000)
        page.wait_for_selector("#feedback[data-state='']", timeout=5_000)
    page.wait_for_timeout(500)
    assert peach.rows(f"SELECT interval, direction, count(*) FROM {table} GROUP BY 1, 2") == [("P5", "up", 3)]


def test_leaving_mid_exercise_stores_nothing(new_page, peach):
    page = new_page()
    start_training(page, peach, "#start-comparison")
    page.wait_for_selector("#answer-higher:not([disabled])", timeout=10_000)
    page.click("header a[href='/settings']")
    page.wait_for_selector("body[data-page=settings]")
    page.wait_for_timeout(500)
    assert peach.rows("SELECT count(*) FROM comparisonRecord") == [(0,)]


def test_settings_survive_a_restart_and_change_the_next_exercise(new_page, peach):
    page = new_page()
    page.goto(peach.base_url + "/settings")
    page.select_option("#setting-referencePitch", "442")
    page.wait_for_function("fetch('/api/settings').then(r => r.json()).then(j => j.settings.referencePitch === '442')")
    peach.stop()
    peach.start()
    assert peach.api("GET", "/api/settings")["settings"]["referencePitch"] == "442"
    exercise = peach.api("GET", "/api/exercises/next?mode=comparison")["exercise"]
    semitones = 12 * math.log2(exercise["reference"]["frequency"] / 442)
    assert abs(semitones - round(semitones)) < 1e-9


@pytest.mark.parametrize("path", ["/", "/comparison", "/interval-pitch-matching", "/settings", "/info", "/profile"])
def test_german_pages_have_no_english(new_page, peach, path):
    page = new_page(locale="de-DE")
    page.goto(peach.base_url + path)
    assert page.evaluate("document.documentElement.lang") == "de"
    text = page.evaluate("document.body.innerText") + " " + " ".join(page.evaluate(
        "[...document.querySelectorAll('[aria-label],[title]')].map(e => e.getAttribute('aria-label') + ' ' + e.getAttribute('title'))"))
    for english in ["Higher", "Lower", "Settings", "Comparison", "Pitch Matching", "Interval", "Back to Start",
                    "Perfect Fifth", "Note range", "Reference pitch", "Reset all", "Export", "Developer", "Licence"]:
        assert not re.search(rf"\b{english}\b", text), f"{path}: {english}"


PAGES = ["/", "/comparison", "/interval-comparison", "/pitch-matching", "/interval-pitch-matching", "/settings",
         "/settings/reset", "/info", "/profile"]


@pytest.mark.parametrize("width, height", [(390, 844), (844, 390), (1024, 1366)])
def test_every_page_is_accessible_fits_and_has_large_controls(new_page, peach, width, height):
    from axe_playwright_python.sync_playwright import Axe

    for locale, scheme in [("en-US", "light"), ("de-DE", "dark")]:
        page = new_page(locale=locale, color_scheme=scheme, viewport={"width": width, "height": height})
        for path in PAGES:
            page.goto(peach.base_url + path)
            page.wait_for_timeout(200)
            violations = [v for v in Axe().run(page).response["violations"] if v["impact"] in ("serious", "critical")]
            assert violations == [], f"{path} {locale}: {[(v['id'], v['impact']) for v in violations]}"
            assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth"), path
            small = page.evaluate("""[...document.querySelectorAll('a, button, select, input, [role=slider]')]
                .filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && (r.width < 44 || r.height < 44) })
                .map(e => e.id || e.name || e.tagName)""")
            assert small == [], f"{path} at {width}×{height}: controls under 44×44 px: {small}"
