"""The page modules' behaviour in Chromium against the real `peach serve` and its database file:
answer gating, the double tap, in-place page swapping and the audio unlock, interruption (back
to Start) and the blocked-autoplay "Tap to start", the slider by pointer and keyboard, the feedback
indicator, and the Settings page (save on change, a refused value, import, confirmed reset).

What test_training.py already shows (20 answers by key and click recorded with their
correctness, pitch matching's recorded error, the interval label, leaving and hiding) is not
repeated here; the network's failures are in test_network.py.
"""

from __future__ import annotations

import colorsys
import pathlib
import time
import re

import pytest
from playwright.sync_api import expect

import audio_probe
from test_profile import fixture_csv, import_fixture
from peach_server import record_field
from test_server_pages import CONTROL_SIZES_SCRIPT
from device_page import (active_voice_count, answers, audio_clock, audio_context_is, device_records, exercise,
                         has_audio_context, has_training_loop, hook_surface, keep_audio_context, record_answers,
                         render_here, settings, start_mode, stop_training, stored_settings, suspend_audio, sync,
                         wait_for_first_sync, wait_for_loop_state, wait_for_setting)

# A browser without autoplay permission: every context starts suspended and `resume()` works
# only inside a user gesture (what iOS Safari does).
BLOCKED_AUTOPLAY = """(() => {
    const Original = window.AudioContext;
    window.AudioContext = class extends Original {
        constructor(...args) { super(...args); super.suspend(); }
        resume() { return navigator.userActivation.isActive ? super.resume() : new Promise(() => {}); }
    };
})()"""


def test_the_tests_reach_the_app_through_one_small_hook(page, server):
    """The hook is the documented surface (app.js, `App.testHook`) and nothing more: the tests do
    not reach into the app's parts."""
    page.goto(server.url("/"))
    wait_for_first_sync(page)
    names, frozen = hook_surface(page)
    assert sorted(names) == sorted([
        "deviceOpen", "deviceError", "records", "settings", "storedSettings", "setSetting", "answer",
        "addRecords", "deleteRecords", "seedProfile", "profile", "watchAnswers", "answers",
        "syncStatus", "syncNow", "loop", "training", "stopTraining",
        "audioContext", "audioEngine", "sounds", "renderHere", "shownHTML"])
    assert frozen
    assert not has_training_loop(page)
    assert render_here(page, "/pair") is None
    assert "<main" in render_here(page, "/info")


def test_only_the_two_helper_modules_name_the_hook():
    """The tests reach the hook only through e2e/browser/device_page.py (Chromium) and
    e2e/engines/peach_page.py (WebDriver), each of its operations from one function there, so
    that it can change in one place: no other file under e2e/ names it. A test that needs more of
    it adds a function there."""
    hook = b"window." + b"peach"  # in two parts, so that this file does not name it either
    e2e = pathlib.Path(__file__).resolve().parents[1]
    helpers = {e2e / "browser" / "device_page.py", e2e / "engines" / "peach_page.py"}
    # What the runs leave behind (screenshots, compiled modules) is no test's code.
    left_behind = {"artifacts", "__pycache__", ".pytest_cache"}
    naming = [str(path.relative_to(e2e)) for path in sorted(e2e.rglob("*"))
              if path.is_file() and path not in helpers and not left_behind & set(path.relative_to(e2e).parts)
              and hook in path.read_bytes()]
    assert naming == [], (f"{hook.decode()} is named outside e2e/browser/device_page.py and "
                          f"e2e/engines/peach_page.py, in {naming}: call a function of those instead")


def test_only_answers_given_after_the_target_starts_count(page, server):
    """Default 1 s notes: a key pressed as the reference begins is a whole second early."""
    higher, lower = page.locator("#answer-higher"), page.locator("#answer-lower")
    feedback, announcer = page.locator("#feedback"), page.locator("#announcer")
    start_mode(page, server, "Comparison")
    record_answers(page)
    for index, action in enumerate(["ArrowUp", "l", "click-lower"]):
        expect(feedback).to_have_attribute("data-state", "")
        expect(higher).to_be_disabled()
        page.keyboard.press("ArrowDown")  # during the reference: refused
        expect(higher).to_be_enabled(timeout=10_000)
        current = exercise(page)
        if action == "click-lower":
            lower.click()
        else:
            page.keyboard.press(action)
        # Disabled in the same event turn as the answer.
        assert higher.is_disabled() and lower.is_disabled()
        said_higher = action == "ArrowUp"
        correct = (current["target"]["frequency"] > current["reference"]["frequency"]) == said_higher
        expect(feedback).to_have_attribute("data-state", "correct" if correct else "incorrect")
        expect(announcer).to_have_text(re.compile(rf"^{'Correct' if correct else 'Incorrect'}\u00a0?$"))
        assert len(answers(page)) == index + 1, "the key pressed during the reference gave no answer"
    expect(higher).to_be_enabled(timeout=10_000)
    assert answers(page) == ["higher", "lower", "lower"]
    assert len(device_records(page)) == 3
    sync(page)
    assert server.count("comparisonRecord") == 3


def test_a_double_tap_counts_once(page, server):
    server.set_settings(noteDuration=0.3)
    start_mode(page, server, "Comparison")
    record_answers(page)
    expect(page.locator("#answer-lower")).to_be_enabled(timeout=10_000)
    current = exercise(page)
    page.evaluate("""() => { const lower = document.querySelector('#answer-lower');
                             lower.click(); lower.click(); document.querySelector('#answer-higher').click(); }""")
    # The next target has started: anything a second tap could have given would have gone by now.
    expect(page.locator("#answer-lower")).to_be_enabled(timeout=10_000)
    assert answers(page) == ["lower"]
    lower_is_right = current["target"]["frequency"] < current["reference"]["frequency"]
    sync(page)
    assert server.query("SELECT isCorrect FROM comparisonRecord") == [(int(lower_is_right),)]


def test_with_several_intervals_the_label_follows_each_exercise(page, server):
    server.set_settings(noteDuration=0.3, intervals="P5up,m3down")
    label = page.locator("#target-interval span")
    names = {"P5up": "Perfect Fifth Up", "m3down": "Minor Third Down"}
    announcer = page.locator("#announcer")
    start_mode(page, server, "Interval Comparison")
    last = None
    for _ in range(6):
        current = exercise(page)
        assert current["interval"]["code"] in names
        name = names[current["interval"]["code"]]
        expect(label).to_have_text(name)
        # A screen reader hears the interval whenever it changes (and at the start).
        if name != last:
            expect(announcer).to_have_text(re.compile(f"^Target interval: {name}"))
        else:
            assert not announcer.text_content().startswith("Target interval")
        last = name
        expect(page.locator("#answer-higher")).to_be_enabled(timeout=10_000)
        page.keyboard.press("ArrowUp")
        expect(page.locator("#answer-higher")).to_be_disabled()
        wait_for_loop_state(page, "playingReference")


def test_start_unlocks_audio_in_the_click_and_swaps_pages_in_place(page, server):
    server.set_settings(noteDuration=0.3)
    page.add_init_script(BLOCKED_AUTOPLAY)  # only a tap can start the sound
    page.goto(server.url("/"))
    wait_for_first_sync(page)
    page.evaluate("window.sameDocument = true")
    assert not has_audio_context(page), "no audio before the tap"
    page.get_by_role("link", name="Comparison", exact=True).click()
    expect(page.locator("body")).to_have_attribute("data-page", "comparison")
    expect(page).to_have_url(server.url("/comparison"))
    expect(page).to_have_title("Comparison — Peach")
    higher = page.locator("#answer-higher")
    expect(higher).to_be_enabled(timeout=10_000)  # it plays: the tap on Start unlocked the sound
    assert page.is_hidden("#tap-to-start")
    assert page.evaluate("window.sameDocument") is True, "swapped in place, not loaded"
    keep_audio_context(page, "visitContext")

    page.keyboard.press("ArrowUp")
    expect(higher).to_be_disabled()
    expect(higher).to_be_enabled(timeout=10_000)
    # Leave through the Settings link mid-exercise: the sound stops, nothing more is recorded.
    page.get_by_role("link", name="Settings", exact=True).click()
    expect(page.locator("body")).to_have_attribute("data-page", "settings")
    audio_probe.wait_until_silent(page)
    assert active_voice_count(page) == 0
    assert len(device_records(page)) == 1, "the unanswered exercise was discarded"

    # Back lands on Start (test_training.py); from there the same context plays again.
    page.go_back()
    expect(page.locator("body")).to_have_attribute("data-page", "start")
    page.get_by_role("link", name="Comparison", exact=True).click()
    expect(higher).to_be_enabled(timeout=10_000)
    assert audio_context_is(page, "window.visitContext"), "one context per visit"
    assert page.evaluate("window.sameDocument") is True


def test_suspended_audio_stops_training_quietly_and_returns_to_start(page, server):
    server.set_settings(noteDuration=0.3)
    audio_probe.install(page)
    start_mode(page, server, "Comparison")
    higher = page.locator("#answer-higher")
    expect(higher).to_be_enabled(timeout=10_000)
    suspend_audio(page)  # as when another app takes the audio
    expect(page.locator("body")).to_have_attribute("data-page", "start")
    expect(page).to_have_url(server.url("/"))
    # Every note was told to stop: silent 25 ms (lookahead and release) after the clock stopped.
    now = audio_clock(page)
    assert all(note.end <= now + 0.025 + 1e-9 for note in audio_probe.notes(page))
    # The next tap on Start plays again.
    page.get_by_role("link", name="Comparison", exact=True).click()
    expect(higher).to_be_enabled(timeout=10_000)
    assert device_records(page) == []


def test_tap_to_start_when_the_browser_blocks_sound(page, server):
    server.set_settings(noteDuration=0.3)
    # A browser that did not let the tap on Start start the sound: only the training page's
    # own button can.
    page.add_init_script("""(() => {
        const Original = window.AudioContext;
        window.AudioContext = class extends Original {
            constructor(...args) { super(...args); super.suspend(); }
            resume() { return window.event?.target?.closest?.('#tap-to-start') ? super.resume() : new Promise(() => {}); }
        };
    })()""")
    page.goto(server.url("/"))
    wait_for_first_sync(page)
    page.get_by_role("link", name="Comparison", exact=True).click()
    tap = page.locator("#tap-to-start")
    expect(tap).to_be_visible()
    expect(tap).to_have_text("Tap to start")
    expect(tap).to_be_focused()
    tap.click()
    expect(page.locator("#answer-higher")).to_be_enabled(timeout=10_000)
    expect(tap).to_be_hidden()


def drag(page, fraction, by_way_of=None):
    """Drags from 70% down the track by `fraction` of half the thumb's travel (up = positive),
    first to `by_way_of` if given; the drag is relative, so where it starts does not matter.
    Leaves the button pressed."""
    track = page.locator("#pitch-slider").bounding_box()
    thumb = page.locator("#pitch-slider .thumb").bounding_box()
    travel = track["height"] - thumb["height"]
    x, y = track["x"] + track["width"] / 2, track["y"] + track["height"] * 0.7
    page.mouse.move(x, y)
    page.mouse.down()
    if by_way_of is not None:
        page.mouse.move(x, y - by_way_of * travel / 2, steps=5)
    page.mouse.move(x, y - fraction * travel / 2, steps=5)


def test_pitch_matching_slider_and_feedback_indicator(page, server):
    server.set_settings(noteDuration=0.3)
    slider, feedback = page.locator("#pitch-slider"), page.locator("#feedback")
    start_mode(page, server, "Interval Pitch Matching")
    record_answers(page)
    expect(slider).to_have_attribute("aria-disabled", "true")  # during the reference
    assert slider.get_attribute("aria-valuetext") == "Centre"
    for fraction in [0.25, -0.5, 0.0, 0.9]:
        expect(slider).to_have_attribute("aria-disabled", "false", timeout=10_000)
        expect(slider).to_have_attribute("aria-valuenow", "0")  # centred for every exercise
        drag(page, fraction, by_way_of=0.2 if fraction == 0 else None)
        assert float(slider.get_attribute("aria-valuenow")) == pytest.approx(fraction, abs=0.02)
        assert feedback.get_attribute("data-state") == "", "nothing visual while tuning"
        # The text tells where the slider stands, never cents from the target.
        percent = round(abs(float(slider.get_attribute("aria-valuenow"))) * 100)
        told = "Centre" if percent == 0 else f"{percent} % {'up' if fraction > 0 else 'down'}"
        assert slider.get_attribute("aria-valuetext") == told
        page.mouse.up()
        assert answers(page)[-1] == pytest.approx(fraction, abs=0.02)
        expect(slider).to_have_attribute("aria-disabled", "true")
        expect(feedback).not_to_have_attribute("data-state", "")
        # The recorded error, as the core made it: the feedback says it, in band and words.
        error = record_field(device_records(page)[-1], "outcome")
        rounded = round(error)
        band = "center" if rounded == 0 else "green" if abs(rounded) < 10 else "yellow" if abs(rounded) <= 30 else "red"
        unit = "cent" if abs(rounded) == 1 else "cents"
        # A tuner's words, never a signed number ("19 cents sharp", not "+19 cents").
        text = f"{abs(rounded)} {unit} {'sharp' if rounded > 0 else 'flat'}" if rounded else "0 cents"
        expect(feedback).to_have_attribute("data-state", band)
        expect(feedback.locator(".text")).to_have_text(text)
        if band == "center":
            expect(feedback).to_have_attribute("data-direction", "center")
        else:
            length = {"green": "short", "yellow": "medium", "red": "long"}[band]
            expect(feedback).to_have_attribute("data-length", length)
            expect(feedback).to_have_attribute("data-direction", "sharp" if rounded > 0 else "flat")
            # The arrow points the way to move: down for sharp, up for flat.
            turned = feedback.locator(".icon").evaluate("(e) => getComputedStyle(e).transform")
            assert (turned != "none") == (rounded > 0), turned
        expect(feedback).to_have_attribute("data-state", "")  # 400 ms later
    assert len(device_records(page)) == 4
    sync(page)
    assert server.count("pitchMatchingRecord") == 4


def test_pitch_matching_by_keyboard(page, server):
    server.set_settings(noteDuration=0.3)
    slider = page.locator("#pitch-slider")
    start_mode(page, server, "Pitch Matching")
    record_answers(page)
    expect(page.locator("main h1")).to_be_focused()  # entering the page is announced
    expect(slider).to_have_attribute("aria-disabled", "false", timeout=10_000)
    # Every slider key works before the slider has the focus too.
    page.keyboard.press("End")
    expect(slider).to_have_attribute("aria-valuenow", "1")
    page.keyboard.press("ArrowUp")
    expect(slider).to_have_attribute("aria-valuenow", "1")  # held at the core's top
    page.keyboard.press("Home")
    expect(slider).to_have_attribute("aria-valuenow", "-1")
    page.keyboard.press("PageDown")
    expect(slider).to_have_attribute("aria-valuenow", "-1")  # and bottom
    slider.focus()
    for key in ["End", "ArrowDown", "ArrowDown", "ArrowDown", "PageDown", "ArrowUp"]:
        page.keyboard.press(key)
    expect(slider).to_have_attribute("aria-valuenow", "0.88")
    expect(slider).to_have_attribute("aria-valuetext", "88 % up")
    page.keyboard.press("Enter")
    expect(slider).to_have_attribute("aria-disabled", "true")
    page.keyboard.press("Enter")  # a second commit cannot count
    expect(slider).to_have_attribute("aria-disabled", "false", timeout=10_000)
    assert answers(page) == [pytest.approx(0.88)]
    assert len(device_records(page)) == 1


def test_a_finger_down_during_the_reference_takes_the_slider_when_it_opens(page, server):
    server.set_settings(noteDuration=1.5)
    slider = page.locator("#pitch-slider")
    start_mode(page, server, "Pitch Matching")
    record_answers(page)
    expect(slider).to_have_attribute("aria-disabled", "true")
    track = slider.bounding_box()
    travel = track["height"] - page.locator("#pitch-slider .thumb").bounding_box()["height"]
    x, y = track["x"] + track["width"] / 2, track["y"] + track["height"] * 0.6
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x, y - 30, steps=3)  # during the reference: nothing moves
    expect(slider).to_have_attribute("aria-valuenow", "0")
    expect(slider).to_have_attribute("aria-disabled", "false", timeout=10_000)
    page.mouse.move(x, y - 30 - 0.25 * travel / 2, steps=5)  # from here on it follows
    expect(slider).to_have_attribute("aria-valuenow", re.compile(r"^0\.2[3-7]"))
    page.mouse.up()
    expect(slider).to_have_attribute("aria-disabled", "true")
    assert answers(page) == [pytest.approx(0.25, abs=0.02)]


def test_an_answer_button_keeps_the_focus_from_one_exercise_to_the_next(page, server):
    server.set_settings(noteDuration=0.3)
    higher = page.locator("#answer-higher")
    start_mode(page, server, "Comparison")
    expect(page.locator("main h1")).to_be_focused()  # entering the page is announced
    expect(higher).to_be_enabled(timeout=10_000)
    higher.focus()
    for _ in range(3):
        page.keyboard.press("Space")
        expect(higher).to_be_disabled()
        expect(higher).to_be_enabled(timeout=10_000)
        expect(higher).to_be_focused()  # back on the button as the next target starts
    assert len(device_records(page)) == 3


def test_settings_save_on_change_say_so_and_restore_a_refused_value(page, server):
    page.goto(server.url("/settings"))
    wait_for_first_sync(page)
    status, saved_note = page.locator("#settings-status"), page.locator("#settings-saved")
    lower, upper = page.locator("[name=noteRangeLower]"), page.locator("[name=noteRangeUpper]")
    # The two note selects offer only ranges of an octave or more: with C6 (84) the highest
    # note, the lowest can be C5 (72) at most, and the other way round.
    assert lower.locator("option:not([disabled])").evaluate_all("o => o.map(x => +x.value)")[-1] == 72
    assert upper.locator("option:not([disabled])").evaluate_all("o => o.map(x => +x.value)")[0] == 48

    lower.select_option("48")
    expect(saved_note).to_be_visible()  # "Saved.", for a moment
    expect(status).to_be_hidden()
    expect(saved_note).to_be_hidden()
    assert upper.locator("option:not([disabled])").evaluate_all("o => o.map(x => +x.value)")[0] == 60
    expect(page.locator("#intervals-chosen")).to_have_text("Perfect Fifth Up")
    page.locator(".interval-picker > summary").click()  # the row that opens the intervals
    page.locator("#interval-m3down").check()
    expect(page.locator("#intervals-chosen")).to_have_text("Minor Third Down, Perfect Fifth Up")
    expect(saved_note).to_be_visible()
    page.locator("[name=tuningSystem]").select_option("justIntonation")
    wait_for_setting(page, "tuningSystem", "justIntonation")
    # Each change is kept on the device with its time (intervals in the core's order) and
    # reaches the server with the next sync.
    kept = stored_settings(page)
    assert {key: kept[key]["value"] for key in ("noteRangeLower", "intervals", "tuningSystem")} == {
        "noteRangeLower": "48", "intervals": "m3down,P5up", "tuningSystem": "justIntonation"}
    assert kept["noteRangeLower"]["changedAt"] <= kept["intervals"]["changedAt"] <= kept["tuningSystem"]["changedAt"]
    sync(page)
    stored = dict(server.query("SELECT key, value FROM setting"))
    assert {key: stored.get(key) for key in ("noteRangeLower", "intervals", "tuningSystem")} == {
        "noteRangeLower": "48", "intervals": "m3down,P5up", "tuningSystem": "justIntonation"}

    # The last interval cannot be unchecked: the selection may not be empty.
    page.locator("#interval-m3down").uncheck()
    wait_for_setting(page, "intervals", "P5up")
    page.locator("#interval-P5up").click()  # a click: the page puts the check back at once
    expect(page.locator("#interval-P5up")).to_be_checked()
    expect(status).to_have_text("Choose at least one interval; nothing was changed.")
    assert settings(page)["intervals"] == "P5up"
    # Said where the user is, not at the end of the long form.
    box, viewport = status.bounding_box(), page.viewport_size
    assert 0 <= box["y"] and box["y"] + box["height"] <= viewport["height"]


def test_the_gap_positions_row_opens_its_steps_and_keeps_at_least_one(page, server):
    page.goto(server.url("/settings"))
    wait_for_first_sync(page)
    chosen, status = page.locator("#gap-positions-chosen"), page.locator("#settings-status")
    expect(chosen).to_have_text("1, 2, 3, 4")
    step = lambda n: page.get_by_role("checkbox", name=f"Step {n}", exact=True)
    expect(step(2)).to_be_hidden()  # closed, the row is one line
    page.locator(".gap-picker > summary").click()
    expect(page.locator("#setting-gapPositions-hint")).to_be_visible()
    step(2).uncheck()
    wait_for_setting(page, "gapPositions", "1,3,4")
    step(4).click()
    wait_for_setting(page, "gapPositions", "1,3")
    expect(chosen).to_have_text("1, 3")
    sync(page)
    assert dict(server.query("SELECT key, value FROM setting")).get("gapPositions") == "1,3"
    # Fill the Gap needs a step to leave silent: the last two cannot both be unchecked.
    step(1).click()
    wait_for_setting(page, "gapPositions", "3")
    step(3).click()
    expect(step(3)).to_be_checked()
    expect(status).to_have_text("Choose at least one gap position; nothing was changed.")
    expect(chosen).to_have_text("3")
    assert settings(page)["gapPositions"] == "3"


def test_the_note_that_an_instrument_fades_follows_the_chosen_sound(page, server):
    page.goto(server.url("/settings"))
    wait_for_first_sync(page)
    note = page.locator("[data-fades=piano]")
    expect(note).to_be_hidden()  # the sine is chosen
    page.locator("[name=soundSource]").select_option("piano")
    expect(note).to_have_text("“Piano” fades while you tune, so pitch matching plays the sine wave instead.")
    page.locator("[name=soundSource]").select_option("violin")
    expect(note).to_be_hidden()


def test_import_works_without_scripts(new_page, server):
    page = new_page(java_script_enabled=False, locale="de-DE")
    page.goto(server.url("/settings"))
    csv = fixture_csv()
    page.set_input_files("#import-file", files=[{"name": "export.csv", "mimeType": "text/csv", "buffer": csv.encode()}])
    page.locator("#import-form button[type=submit]").click()
    expect(page).to_have_url(server.url("/settings?added=8&duplicates=0"))
    expect(page.locator("#settings-message")).to_have_text("8 Übungen importiert.")
    assert server.count("comparisonRecord") == 5 and server.count("pitchMatchingRecord") == 3


def test_import_and_confirmed_reset(page, server):
    page.goto(server.url("/settings"))
    csv = fixture_csv()
    page.set_input_files("#import-file", files=[{"name": "export.csv", "mimeType": "text/csv", "buffer": csv.encode()}])
    page.check("#import-replace")
    with page.expect_response(lambda r: "/api/import" in r.url) as imported:
        page.locator("#import-form button[type=submit]").click()
    request = imported.value.request
    assert request.url.endswith("/api/import?mode=replace")
    assert request.headers["content-type"] == "text/csv"
    # The file itself is the body (Playwright does not show a file body); the counts below show it arrived whole.
    expect(page.locator("#import-result")).to_have_text(imported.value.json()["message"])
    assert server.count("comparisonRecord") == 5 and server.count("pitchMatchingRecord") == 3

    # A broken file is refused whole, with its reason; choosing another file clears that message.
    broken = csv.replace("pitchDiscrimination", "loudness", 1)
    page.set_input_files("#import-file", files=[{"name": "broken.csv", "mimeType": "text/csv", "buffer": broken.encode()}])
    with page.expect_response(lambda r: "/api/import" in r.url) as refused:
        page.locator("#import-form button[type=submit]").click()
    assert refused.value.status == 422
    expect(page.locator("#import-result")).to_have_text(refused.value.json()["error"]["message"])
    expect(page.locator("#import-result")).to_contain_text('"loudness" is not a training type')
    page.set_input_files("#import-file", files=[{"name": "export.csv", "mimeType": "text/csv", "buffer": csv.encode()}])
    expect(page.locator("#import-result")).to_be_hidden()
    assert server.count("comparisonRecord") == 5 and server.count("pitchMatchingRecord") == 3

    confirm = page.locator("#reset-confirm")
    expect(confirm).to_be_hidden()
    page.locator("#reset-button").click()
    expect(confirm).to_be_visible()
    expect(confirm).to_be_focused()
    assert page.evaluate(CONTROL_SIZES_SCRIPT) == [], "the confirmation's buttons are large enough"
    assert server.count("comparisonRecord") == 5, "the first button only asks"
    with page.expect_response(lambda r: r.url.endswith("/api/reset")) as reset:
        confirm.click()
    assert reset.value.request.post_data_json == {"confirm": True}
    expect(page.locator("#reset-result")).to_have_text("Deleted 8 training records.")
    expect(confirm).to_be_hidden()
    assert server.count("comparisonRecord") == 0 and server.count("pitchMatchingRecord") == 0


def fixture_part(rows):
    """The fixture's format line, header and first `rows` records: another file to replace with."""
    return "\n".join(fixture_csv().splitlines()[: 2 + rows]) + "\n"


def stored(server):
    return server.count("comparisonRecord") + server.count("pitchMatchingRecord")


def test_replace_without_scripts_asks_first_and_backing_out_deletes_nothing(new_page, server):
    import_fixture(server)
    page = new_page(java_script_enabled=False)
    for answer in ("cancel", "replace"):
        page.goto(server.url("/settings"))
        page.set_input_files("#import-file", files=[{"name": "other.csv", "mimeType": "text/csv", "buffer": fixture_part(3).encode()}])
        page.check("#import-replace")
        page.locator("#import-form button[type=submit]").click()
        expect(page.locator("h1")).to_have_text("Replace all training data?")
        expect(page.locator("#import-question")).to_contain_text("Replacing deletes all 8 stored records, from ")
        expect(page.locator("#import-question")).to_contain_text("and imports the 3 records of the file.")
        assert stored(server) == 8, "the first submit only asks"
        page.locator(f"#import-confirm-form button[value={answer}]").click()
        if answer == "cancel":
            expect(page).to_have_url(server.url("/settings?import=cancelled"))
            expect(page.locator("#settings-message")).to_have_text("Nothing was imported or deleted.")
            assert stored(server) == 8
    expect(page).to_have_url(server.url("/settings?added=3&duplicates=0"))
    assert stored(server) == 3


RECORD_STATUS_SCRIPT = """() => {
    window.statusTexts = [];
    const status = document.querySelector('#import-result');
    new MutationObserver(() => window.statusTexts.push(status.textContent))
        .observe(status, { childList: true, characterData: true, subtree: true });
}"""


def test_import_shows_progress_and_a_replace_asks_in_place(page, server):
    import_fixture(server)
    page.goto(server.url("/settings"))
    page.set_input_files("#import-file", files=[{"name": "other.csv", "mimeType": "text/csv", "buffer": fixture_part(3).encode()}])
    page.check("#import-replace")
    question = page.locator("#import-question")
    for answer in ("#import-cancel", "#import-confirm-button"):
        page.evaluate(RECORD_STATUS_SCRIPT)
        with page.expect_response(lambda r: r.url.endswith("/api/import?mode=replace")) as asked:
            page.locator("#import-form button[type=submit]").click()
        assert asked.value.status == 202
        expect(question).to_be_visible()
        expect(question).to_contain_text("Replacing deletes all 8 stored records, from ")
        expect(page.locator("#import-cancel")).to_be_focused()
        texts = page.evaluate("window.statusTexts")
        assert texts[0] == "Sending the file… 0 % · rows read: 0" and "Reading and checking the rows…" in texts, texts
        assert stored(server) == 8, "the first button only asks"
        with page.expect_response(lambda r: r.url.endswith("/api/import/confirm")):
            page.locator(answer).click()
        expect(question).to_be_hidden()
        if answer == "#import-cancel":
            expect(page.locator("#import-result")).to_have_text("Nothing was imported or deleted.")
            assert stored(server) == 8
    expect(page.locator("#import-result")).to_have_text("Imported 3 records.")
    expect(page.locator("#import-progress")).to_be_hidden()
    assert stored(server) == 3


FEEDBACK_STYLE = """([state, extra]) => {
    const f = document.querySelector('#feedback');
    f.dataset.state = state;
    for (const [k, v] of Object.entries(extra)) f.dataset[k] = v;
    const icon = f.querySelector('.icon');
    const before = getComputedStyle(icon, '::before'), after = getComputedStyle(icon, '::after');
    return { opacity: getComputedStyle(f).opacity, mask: getComputedStyle(icon).maskImage || getComputedStyle(icon).webkitMaskImage,
             headColor: before.backgroundColor, shaft: parseFloat(after.height) || 0,
             transform: getComputedStyle(icon).transform };
}"""


def test_feedback_indicator_states_are_drawn(page, server):
    page.emulate_media(reduced_motion="reduce")  # read the final styles, not a transition
    start_mode(page, server, "Pitch Matching")
    expect(page.locator("#pitch-slider")).to_have_attribute("aria-disabled", "false", timeout=10_000)
    stop_training(page)
    styles = {}
    for state, extra in [("correct", {}), ("incorrect", {}), ("center", {"direction": "center"}),
                         ("green", {"direction": "sharp", "length": "short"}),
                         ("yellow", {"direction": "flat", "length": "medium"}),
                         ("red", {"direction": "sharp", "length": "long"})]:
        styles[state] = page.evaluate(FEEDBACK_STYLE, [state, extra])
    # The icons are named relative to the stylesheet, so they come from its folder whatever the
    # page's address.
    assert styles["correct"]["mask"] == f'url("{server.url("/assets/icons/thumbs-up.svg")}")'
    assert styles["incorrect"]["mask"] == f'url("{server.url("/assets/icons/thumbs-down.svg")}")'
    assert styles["correct"]["opacity"] == "1"
    assert styles["green"]["shaft"] < styles["yellow"]["shaft"] < styles["red"]["shaft"]
    assert len({styles[s]["headColor"] for s in ("green", "yellow", "red")}) == 3
    # The arrow points the way to move, as a tuner's: down for sharp, up for flat.
    assert styles["red"]["transform"] != "none", "sharp points down"
    assert styles["yellow"]["transform"] == "none", "flat points up"


def test_a_tap_on_the_slider_is_not_an_answer(new_page, server):
    """A finger put down and lifted (or wobbling less than 8 px) changes nothing and sends
    nothing; a drag sends its value, and Enter still commits from the keyboard."""
    server.set_settings(noteDuration=0.3)
    page = new_page(viewport={"width": 390, "height": 844}, has_touch=True)
    slider = page.locator("#pitch-slider")
    start_mode(page, server, "Pitch Matching")
    record_answers(page)
    expect(slider).to_have_attribute("aria-disabled", "false", timeout=10_000)
    page.keyboard.press("ArrowUp")  # the slider away from the centre: a tap must leave it here
    expect(slider).to_have_attribute("aria-valuenow", "0.01")
    box = slider.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.touchscreen.tap(x, y)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x, y - 5, steps=2)  # a wobble, under the 8 px of a drag
    page.mouse.up()
    expect(slider).to_have_attribute("aria-valuenow", "0.01")
    expect(slider).to_have_attribute("aria-disabled", "false")
    travel = box["height"] - page.locator("#pitch-slider .thumb").bounding_box()["height"]
    page.mouse.down()
    page.mouse.move(x, y - 0.3 * travel / 2, steps=5)
    page.mouse.up()
    expect(slider).to_have_attribute("aria-disabled", "true")
    # The drag's answer is the first one given: neither the tap nor the wobble gave one.
    assert answers(page) == [pytest.approx(0.31, abs=0.02)]
    expect(slider).to_have_attribute("aria-disabled", "false", timeout=10_000)
    page.keyboard.press("Enter")  # unmoved, from the keyboard: an answer, as documented
    expect(slider).to_have_attribute("aria-disabled", "true")
    assert answers(page)[1] == 0
    assert len(device_records(page)) == 2


@pytest.mark.parametrize("link_name, control", [("Comparison", ".answers"), ("Pitch Matching", "#pitch-slider")])
def test_on_a_phone_held_upright_the_feedback_is_above_the_answer_controls(new_page, server, link_name, control):
    page = new_page(viewport={"width": 390, "height": 844})
    start_mode(page, server, link_name)
    feedback = page.locator("#feedback").bounding_box()
    controls = page.locator(control).bounding_box()
    assert feedback["y"] + feedback["height"] <= controls["y"], "not under the thumb that answered"
    assert feedback["y"] + feedback["height"] <= 844 / 3, "in the upper part of the screen"


def relative_luminance(rgb):
    def linear(channel):
        channel /= 255
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4
    red, green, blue = (linear(c) for c in rgb)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(first, second):
    """WCAG 2 contrast ratio of two opaque sRGB colours."""
    lighter, darker = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def over(colour, backdrop, opacity=1.0):
    """An RGBA colour drawn with `opacity` over an opaque backdrop."""
    alpha = colour[3] / 255 * opacity
    return [alpha * c + (1 - alpha) * b for c, b in zip(colour[:3], backdrop[:3])]


def hue(rgb):
    return colorsys.rgb_to_hls(*(c / 255 for c in rgb))[0] * 360


# The computed colours of an answer button, resolved to RGBA by a canvas (Chromium writes
# color-mix() results as `color(srgb …)`), with the opacity of the button and its ancestors.
BUTTON_COLOURS = """(selector) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    const rgba = (css) => {
        context.clearRect(0, 0, 1, 1);
        context.fillStyle = css;
        context.fillRect(0, 0, 1, 1);
        return [...context.getImageData(0, 0, 1, 1).data];
    };
    const button = document.querySelector(selector);
    let opacity = 1;
    for (let node = button; node; node = node.parentElement) opacity *= parseFloat(getComputedStyle(node).opacity);
    const style = getComputedStyle(button);
    return { label: rgba(style.color), background: rgba(style.backgroundColor), opacity,
             page: rgba(getComputedStyle(document.documentElement).backgroundColor) };
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_higher_and_lower_are_outlined_while_listening_and_filled_for_the_answer(new_page, server, scheme):
    """Whose turn it is must be unmistakable, not a shade of blue: while the notes play the
    buttons are an outline (no fill, a border of at least 3 px in the accent colour, the label at least
    4.5:1), and once it is the user's turn they are filled, the fill far from the page."""
    # Reduced motion: the colours as they are, not half-way through a transition.
    page = new_page(color_scheme=scheme, reduced_motion="reduce", viewport={"width": 390, "height": 844})
    start_mode(page, server, "Comparison")
    stop_training(page)
    expect(page.locator("#answer-higher")).to_be_disabled()
    states = {}
    for state, turn in (("disabled", "listen"), ("enabled", "answer")):
        page.evaluate(f"document.querySelector('#main').dataset.turn = '{turn}'")
        page.evaluate(f"document.querySelectorAll('.answers button').forEach(b => b.disabled = {str(state == 'disabled').lower()})")
        colours = page.evaluate(BUTTON_COLOURS, "#answer-higher")
        border = page.evaluate("""() => { const s = getComputedStyle(document.querySelector('#answer-higher'));
            return { width: parseFloat(s.borderTopWidth), colour: s.borderTopColor }; }""")
        # The button and its label are drawn together, then with the opacity over the page.
        page_colour = colours["page"]
        button = over(colours["background"], page_colour)
        label = over(colours["label"], button)
        background = over(button + [255], page_colour, colours["opacity"])
        label = over(label + [255], page_colour, colours["opacity"])
        states[state] = {"background": background, "label": contrast(label, background), "alpha": colours["background"][3],
                         "border": border, "page": page_colour}
    listening, answering = states["disabled"], states["enabled"]
    assert listening["alpha"] == 0, f"{scheme}: no fill while the notes play"
    assert listening["border"]["width"] >= 3
    assert listening["label"] >= 4.5, f"{scheme}: the outlined label at {listening['label']:.2f}:1"
    assert answering["alpha"] == 255, f"{scheme}: filled for the answer"
    assert contrast(answering["background"], answering["page"][:3]) >= 3, f"{scheme}: the fill against the page"
    # Large bold text (1.75rem, 600): 3:1 is its contrast floor (WCAG 1.4.3).
    assert answering["label"] >= 3
    assert page.evaluate("getComputedStyle(document.querySelector('#answer-higher')).transitionDuration") == "0s"

    # Without reduced motion the change is eased over a quarter of a second, not a flash.
    page.emulate_media(reduced_motion="no-preference")
    style = page.evaluate("""() => { const s = getComputedStyle(document.querySelector('#answer-higher'));
                                     return [s.transitionProperty, s.transitionDuration, s.transitionTimingFunction]; }""")
    assert "background-color" in style[0] and "0.25s" in style[1] and "ease-in-out" in style[2]


def test_import_progress_counts_the_rows_read(page, server):
    """On a slow upload the status says how many rows have been read so far, growing, never
    more than the file has, then the result."""
    rows = 12_000
    lines = fixture_part(0).splitlines()
    for i in range(rows):
        second = 1_772_000_000 + i
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(second))
        lines.append(f"pitchDiscrimination,{stamp},60,C4,60,C4,P1,equalTemperament,{1 + i % 50},true,,,,,,,,,")
    csv = ("\n".join(lines) + "\n").encode()
    page.goto(server.url("/settings"))
    # A slow link (about 2.5 s for the file), so the browser reports the upload as it goes.
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": len(csv) / 2.5})
    page.set_input_files("#import-file", files=[{"name": "many.csv", "mimeType": "text/csv", "buffer": csv}])
    page.evaluate(RECORD_STATUS_SCRIPT)
    page.locator("#import-form button[type=submit]").click()
    expect(page.locator("#import-result")).to_have_text(f"Imported {rows} records.", timeout=30_000)
    counts = [int(re.search(r"rows read: (\d+)$", text).group(1))
              for text in page.evaluate("window.statusTexts") if "rows read:" in text]
    assert counts[0] == 0 and counts == sorted(counts), counts
    assert any(0 < count < rows for count in counts), counts
    assert max(counts) <= rows
    assert stored(server) == rows


FIFTH_DOWN = 2 ** (-700 / 1200)


def answer_interval(page, right):
    """Answers the playing Perfect Fifth Down comparison, rightly or not, by key: ↑ (Sharp) when
    the second note was above the fifth's true pitch. Returns the notes the engine scheduled
    from the answer until its feedback showed."""
    higher = page.locator("#answer-higher")
    expect(higher).to_be_enabled(timeout=10_000)
    current = exercise(page)
    sharp = current["target"]["frequency"] > current["reference"]["frequency"] * FIFTH_DOWN
    before = len(audio_probe.notes(page))
    page.keyboard.press("ArrowUp" if sharp == right else "ArrowDown")
    expect(page.locator("#feedback")).to_have_attribute("data-state", "correct" if right else "incorrect")
    return audio_probe.notes(page)[before:]


def test_a_wrong_answer_plays_the_quiet_sound_when_the_setting_is_on(page, server):
    """Sharp and Flat on a downward interval, and the sound after a wrong answer: off by default;
    switched on in Settings, a wrong answer schedules the tenth of a second of noise as its
    feedback shows, ending at least a quarter of a second before the next note, and a right
    answer none."""
    audio_probe.install(page)
    server.set_settings(noteDuration=0.3, intervals="P5down")
    start_mode(page, server, "Interval Comparison")
    expect(page.locator("#answer-higher")).to_have_text("Sharp")
    noise = lambda notes: [note for note in notes if note.sound == "sample" and note.root_frequency == 1]
    assert noise(answer_interval(page, right=False)) == [], "off by default"

    page.get_by_role("link", name="Settings").click()
    switch = page.get_by_role("switch", name="Sound on a wrong answer")
    expect(switch).not_to_be_checked()
    switch.click()
    expect(page.locator("#settings-saved")).to_be_visible()
    assert sync(page)["state"] == "synced"
    assert server.query("SELECT value FROM setting WHERE key = 'wrongAnswerSound'") == [("true",)]
    page.get_by_role("link", name="Back to Start").click()
    page.get_by_role("link", name="Interval Comparison", exact=True).click()

    scheduled = answer_interval(page, right=False)
    (sound,) = noise(scheduled)
    next_reference = next(note for note in scheduled if note.sound == "sine")
    assert 0.09 <= sound.end - sound.start <= 0.11
    assert sound.start < next_reference.start and sound.end <= next_reference.start - 0.25, (sound, next_reference)
    assert noise(answer_interval(page, right=True)) == []
