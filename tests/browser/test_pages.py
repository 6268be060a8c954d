"""The page modules in Chromium against a stand-in server (fake_peach.py): gating, keyboard,
dragging, feedback, leaving, lifecycle, offline retry, settings, layout and accessibility."""

from __future__ import annotations

import json
import time

import pytest
from playwright.sync_api import Error as PlaywrightError
from axe_playwright_python.sync_playwright import Axe

from fake_peach import FakePeach

VIEWPORTS = [(390, 844), (844, 390), (1024, 1366)]


@pytest.fixture
def peach(new_page, static_server):
    page = new_page(viewport={"width": 390, "height": 844})
    return FakePeach(page, static_server)


def wait_for(page, expression: str, timeout: float = 30_000):
    """Waits until `expression` is true in the page. Playwright's `wait_for_function` with a
    string evaluates it with `new Function` inside the page, which the Content-Security-Policy
    forbids; this evaluates a promise that checks the expression on each timer tick instead (a
    timer, not animation frames: they stop on hidden pages)."""
    script = """(timeout) => new Promise((resolve, reject) => {
            const deadline = performance.now() + timeout;
            const check = () => {
                if (EXPRESSION) return resolve(true);
                if (performance.now() > deadline) return reject(new Error('timed out waiting for ' + LABEL));
                setTimeout(check, 10);
            };
            check();
        })""".replace("EXPRESSION", expression).replace("LABEL", json.dumps(expression))
    deadline = time.monotonic() + timeout / 1000
    while True:
        try:
            page.evaluate(script, max(deadline - time.monotonic(), 0) * 1000)
            return
        except PlaywrightError as error:
            # A full navigation replaces the document the promise was waiting in: wait in the new one.
            if "context was destroyed" not in str(error) or time.monotonic() > deadline:
                raise


def wait_enabled(page, selector="#answer-higher"):
    page.wait_for_selector(f"{selector}:not([disabled])", timeout=5000)


def wait_feedback_cleared(page):
    wait_for(page, "document.querySelector('#feedback').dataset.state === ''", timeout=5000)


def test_comparison_gating_keyboard_and_click(peach):
    page = peach.page
    peach.goto("/comparison")
    assert page.is_disabled("#answer-higher") and page.is_disabled("#answer-lower")
    keys = ["ArrowUp", "ArrowDown", "h", "l", "click-higher", "click-lower"]
    for n in range(12):
        wait_for(page, "window.peach?.controller?.loop?.state === 'playingReference'", timeout=5000)
        assert page.is_disabled("#answer-higher"), "disabled during the reference"
        page.keyboard.press("ArrowUp")  # refused while the reference plays
        wait_enabled(page)
        key = keys[n % len(keys)]
        if key.startswith("click"):
            page.click(f"#answer-{key.split('-')[1]}")
        else:
            page.keyboard.press(key)
        assert page.is_disabled("#answer-higher") and page.is_disabled("#answer-lower"), "disabled at the answer"
        wait_for(page, "['correct', 'incorrect'].includes(document.querySelector('#feedback').dataset.state)")
        state = page.get_attribute("#feedback", "data-state")
        announced = page.text_content("#announcer").strip()
        assert announced == ("Correct" if state == "correct" else "Incorrect")
        wait_feedback_cleared(page)
    wait_enabled(page)
    assert len(peach.records) == 12
    assert len(peach.answer_requests) == 12, "one request per answer: the early key presses did not count"
    expected = ["higher", "lower", "higher", "lower", "higher", "lower"] * 2
    assert [r["answer"] for r in peach.records] == expected
    assert all(r["contentType"].startswith("application/json") for r in peach.answer_requests)


def test_a_double_tap_counts_once(peach):
    page = peach.page
    peach.goto("/comparison")
    wait_enabled(page)
    page.evaluate("""() => { const b = document.querySelector('#answer-lower');
                              b.click(); b.click(); document.querySelector('#answer-higher').click(); }""")
    wait_for(page, "document.querySelector('#feedback').dataset.state !== ''")
    assert [r["answer"] for r in peach.records] == ["lower"]
    assert len(peach.answer_requests) == 1


def test_interval_comparison_shows_the_target_interval(peach):
    page = peach.page
    peach.goto("/interval-comparison")
    wait_enabled(page)
    assert page.text_content("#target-interval span") == "Perfect Fifth Up"
    assert page.evaluate("location.pathname") == "/interval-comparison"


def test_start_unlocks_audio_in_the_click_and_swaps_pages_in_place(peach):
    page = peach.page
    peach.goto("/")
    page.evaluate("window.__sameDocument = true")
    assert page.evaluate("window.peach.audioContext") is None
    page.click("#start-comparison")
    wait_for(page, "document.body.dataset.page === 'comparison'")
    assert page.evaluate("window.__sameDocument") is True, "no full page load"
    assert page.evaluate("location.pathname") == "/comparison"
    assert page.title() == "Comparison – Peach"
    wait_enabled(page)
    page.evaluate("window.__context = window.peach.audioContext")
    # Leave through the Settings link mid-exercise: nothing is recorded, the sound stops.
    page.keyboard.press("ArrowUp")
    wait_for(page, "document.querySelector('#feedback').dataset.state === ''", timeout=5000)
    wait_enabled(page)
    page.click("header a[href='/settings']")
    wait_for(page, "document.body.dataset.page === 'settings'")
    wait_for(page, "window.peach.audioEngine.activeVoiceCount === 0", timeout=2000)
    assert len(peach.records) == 1, "the unanswered exercise was discarded"
    # Back to Start, and the same AudioContext is still the visit's context.
    page.go_back()
    wait_for(page, "document.body.dataset.page === 'comparison'")
    assert page.evaluate("window.peach.audioContext === window.__context")
    assert page.evaluate("window.__sameDocument") is True


def test_hidden_training_page_stops_and_returns_to_start(peach):
    page = peach.page
    peach.goto("/pitch-matching")
    page.wait_for_selector("#pitch-slider[aria-disabled='false']", timeout=5000)

    def set_visibility(state):
        page.evaluate("""state => { Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
                                    document.dispatchEvent(new Event('visibilitychange')); }""", state)

    set_visibility("hidden")
    wait_for(page, "window.peach.audioEngine.activeVoiceCount === 0", timeout=2000)
    assert page.get_attribute("#pitch-slider", "aria-disabled") == "true"
    set_visibility("visible")
    wait_for(page, "document.body.dataset.page === 'start'")
    assert page.evaluate("location.pathname") == "/"
    assert peach.records == []


def test_interrupted_audio_stops_training_and_offers_to_continue(peach):
    page = peach.page
    peach.goto("/comparison")
    wait_enabled(page)
    page.evaluate("window.peach.audioContext.suspend()")
    page.wait_for_selector("#tap-to-start:not([hidden])")
    assert page.text_content("#status") == "Training stopped because the sound was interrupted."
    assert page.is_disabled("#answer-higher")
    page.click("#tap-to-start")
    wait_enabled(page)
    assert page.is_hidden("#status")
    assert peach.records == []


def test_tap_to_start_when_the_browser_blocks_sound(new_page, static_server):
    page = new_page(viewport={"width": 390, "height": 844})
    # Behave like a browser without autoplay permission: contexts stay suspended until a tap.
    page.add_init_script("""(() => {
        const Original = window.AudioContext;
        window.AudioContext = class extends Original {
            constructor(...args) { super(...args); super.suspend(); }
            resume() { return navigator.userActivation.isActive ? super.resume() : new Promise(() => {}); }
        };
    })()""")
    peach = FakePeach(page, static_server)
    peach.goto("/comparison")
    page.wait_for_selector("#tap-to-start:not([hidden])", timeout=5000)
    assert page.text_content("#tap-to-start") == "Tap to start"
    page.click("#tap-to-start")
    wait_enabled(page)
    assert page.is_hidden("#tap-to-start")


def test_an_answer_sent_while_offline_is_retried_with_the_same_id(peach):
    page = peach.page
    peach.goto("/comparison")
    wait_enabled(page)
    peach.fail_next_answers = 2
    page.keyboard.press("ArrowDown")
    page.wait_for_selector("#status:not([hidden])", timeout=5000)
    assert "can't reach its server" in page.text_content("#status")
    wait_for(page, "document.querySelector('#feedback').dataset.state !== ''", timeout=10000)
    assert page.is_hidden("#status")
    ids = {r["id"] for r in peach.answer_requests}
    assert len(peach.answer_requests) == 3 and len(ids) == 1
    assert {r["body"] for r in peach.answer_requests} == {json.dumps({"answer": "lower"}, separators=(",", ":"))}
    assert len(peach.records) == 1


def slider_box(page):
    return page.locator("#pitch-slider").bounding_box(), page.locator("#pitch-slider .thumb").bounding_box()


def test_pitch_matching_drag_release_commits_and_shows_feedback(peach):
    page = peach.page
    peach.goto("/interval-pitch-matching")
    assert page.get_attribute("#pitch-slider", "aria-disabled") == "true"
    assert page.text_content("#target-interval span") == "Perfect Fifth Up"
    for n, fraction in enumerate([0.25, -0.5, 0.0]):
        page.wait_for_selector("#pitch-slider[aria-disabled='false']", timeout=5000)
        assert page.get_attribute("#pitch-slider", "aria-valuenow") == "0", "centred for every exercise"
        track, thumb = slider_box(page)
        travel = track["height"] - thumb["height"] - 16  # 0.5rem padding above and below
        x = track["x"] + track["width"] / 2
        y = track["y"] + track["height"] * 0.7  # anywhere on the track: the drag is relative
        page.mouse.move(x, y)
        page.mouse.down()
        dy = -fraction * travel / 2
        for step in range(1, 6):
            page.mouse.move(x, y + dy * step / 5)
        assert page.get_attribute("#feedback", "data-state") == "", "nothing visual while tuning"
        assert float(page.get_attribute("#pitch-slider", "aria-valuenow")) == pytest.approx(fraction, abs=0.02)
        assert page.get_attribute("#pitch-slider", "aria-valuetext") == "Tuning", "the text never reveals the error"
        page.mouse.up()
        wait_for(page, "document.querySelector('#feedback').dataset.state !== ''")
        feedback = page.get_attribute("#feedback", "data-state")
        assert feedback in ("center", "green", "yellow", "red")
        record = peach.records[n]
        assert record["sliderValue"] == pytest.approx(fraction, abs=0.02)
        text = page.text_content("#feedback .text")
        assert text == (f"{round(record['userCentError']):+d} cents" if round(record["userCentError"]) else "0 cents")
        if feedback != "center":
            expected_length = {"green": "short", "yellow": "medium", "red": "long"}[feedback]
            assert page.get_attribute("#feedback", "data-length") == expected_length
            assert page.get_attribute("#feedback", "data-direction") == ("sharp" if record["userCentError"] > 0 else "flat")
        wait_feedback_cleared(page)
    assert len(peach.records) == 3


def test_pitch_matching_by_keyboard(peach):
    page = peach.page
    peach.goto("/pitch-matching")
    page.wait_for_selector("#pitch-slider[aria-disabled='false']", timeout=5000)
    page.focus("#pitch-slider")
    for _ in range(3):
        page.keyboard.press("ArrowUp")
    page.keyboard.press("PageUp")
    page.keyboard.press("ArrowDown")
    assert page.get_attribute("#pitch-slider", "aria-valuenow") == "0.12"
    page.keyboard.press("Enter")
    wait_for(page, "document.querySelector('#feedback').dataset.state !== ''")
    assert peach.records[0]["sliderValue"] == pytest.approx(0.12)
    assert page.get_attribute("#pitch-slider", "aria-disabled") == "true"
    page.keyboard.press("Enter")  # a second commit cannot count
    wait_feedback_cleared(page)
    assert len(peach.answer_requests) == 1


def test_settings_save_on_change_and_restore_a_rejected_value(peach):
    page = peach.page
    peach.goto("/settings")
    page.fill("input[name=referencePitch]", "600")
    page.keyboard.press("Tab")
    page.wait_for_selector("#settings-status:not([hidden])")
    assert page.text_content("#settings-status") == "The reference pitch 600 Hz is outside 380–500 Hz."
    assert page.input_value("input[name=referencePitch]") == "440"
    page.fill("input[name=referencePitch]", "442")
    page.keyboard.press("Tab")
    wait_for(page, "document.querySelector('#settings-status').hidden")
    page.check("input[name=intervals][value=m3down]")
    page.select_option("select[name=tuningSystem]", "justIntonation")
    wait_for(page, "document.querySelector('select[name=tuningSystem]').value === 'justIntonation'")
    page.wait_for_timeout(200)
    assert peach.settings_requests == [
        {"referencePitch": "600"}, {"referencePitch": "442"}, {"intervals": "P5up,m3down"},
        {"tuningSystem": "justIntonation"},
    ]
    assert peach.settings["referencePitch"] == "442"


def test_import_and_confirmed_reset(peach):
    page = peach.page
    peach.records.extend([{}, {}, {}])
    peach.goto("/settings")
    csv = "# peach-export-format:3\ntrainingType,timestamp\n"
    page.set_input_files("input[type=file]", files=[{"name": "export.csv", "mimeType": "text/csv", "buffer": csv.encode()}])
    page.check("input[name=mode][value=replace]")
    page.click("#import-form button[type=submit]")
    page.wait_for_selector("#import-result:not([hidden])")
    assert page.text_content("#import-result") == "Imported 2 records."
    assert peach.import_requests == [{"mode": "replace", "body": csv, "contentType": "text/csv"}]

    assert page.is_hidden("#reset-confirm")
    page.click("#reset-button")
    assert peach.reset_requests == [], "the first button only asks"
    page.click("#reset-confirm")
    page.wait_for_selector("#reset-result:not([hidden])")
    assert page.text_content("#reset-result") == "Deleted 3 records."
    assert peach.reset_requests == [{"confirm": True}]
    assert page.is_hidden("#reset-confirm")


LAYOUT_CHECK = """() => {
  const overflow = document.scrollingElement.scrollWidth - window.innerWidth;
  const small = [];
  for (const el of document.querySelectorAll('a, button, input, select, textarea, [role=slider]')) {
    if (el.closest('[hidden]') || el.closest('.visually-hidden')) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.width < 44 || r.height < 44) small.push(`${el.tagName}#${el.id}[${el.name ?? ''}] ${r.width}x${r.height}`);
  }
  return { overflow, small };
}"""


@pytest.mark.parametrize("path", ["/", "/comparison", "/interval-pitch-matching", "/settings"])
def test_layout_and_accessibility(peach, path):
    page = peach.page
    axe = Axe()
    for width, height in VIEWPORTS:
        page.set_viewport_size({"width": width, "height": height})
        peach.goto(path)
        if path != "/" and path != "/settings":
            page.wait_for_selector("#answer-higher:not([disabled]), #pitch-slider[aria-disabled='false']", timeout=5000)
        if path == "/settings":
            page.click("#reset-button")  # show the confirmation too
        result = page.evaluate(LAYOUT_CHECK)
        assert result["overflow"] <= 0, f"{path} at {width}×{height} overflows by {result['overflow']} px"
        assert result["small"] == [], f"{path} at {width}×{height}: controls under 44×44: {result['small']}"
        if (width, height) != (1024, 1366):
            continue
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme, reduced_motion="reduce")  # no colour transitions mid-audit
            violations = [v for v in axe.run(page).response["violations"] if v["impact"] in ("serious", "critical")]
            assert violations == [], f"{path} ({scheme}): {[(v['id'], [n['target'] for n in v['nodes']]) for v in violations]}"


def test_feedback_indicator_states_are_drawn(peach):
    page = peach.page
    page.emulate_media(reduced_motion="reduce")  # read the final styles, not a transition
    peach.goto("/comparison")
    wait_enabled(page)
    page.evaluate("window.peach.controller.stop()")
    sizes = {}
    for state, extra in [("correct", {}), ("incorrect", {}), ("center", {"direction": "center"}),
                         ("green", {"direction": "sharp", "length": "short"}),
                         ("yellow", {"direction": "flat", "length": "medium"}),
                         ("red", {"direction": "sharp", "length": "long"})]:
        sizes[state] = page.evaluate("""([state, extra]) => {
            const f = document.querySelector('#feedback');
            f.dataset.state = state;
            for (const [k, v] of Object.entries(extra)) f.dataset[k] = v;
            const icon = f.querySelector('.icon');
            const before = getComputedStyle(icon, '::before'), after = getComputedStyle(icon, '::after');
            return { opacity: getComputedStyle(f).opacity, mask: getComputedStyle(icon).maskImage || getComputedStyle(icon).webkitMaskImage,
                     background: getComputedStyle(icon).backgroundColor, headColor: before.backgroundColor,
                     shaft: parseFloat(after.height) || 0, transform: getComputedStyle(icon).transform };
        }""", [state, extra])
    assert "thumbs-up.svg" in sizes["correct"]["mask"] and "thumbs-down.svg" in sizes["incorrect"]["mask"]
    assert sizes["correct"]["opacity"] == "1"
    assert sizes["green"]["shaft"] < sizes["yellow"]["shaft"] < sizes["red"]["shaft"]
    assert len({sizes[s]["headColor"] for s in ("green", "yellow", "red")}) == 3
    assert sizes["yellow"]["transform"] != "none", "flat points down"
