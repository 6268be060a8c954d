"""A musician trains in the real browser against the real server and database file."""

import math
import re

import pytest
from playwright.sync_api import expect

import audio_probe
from device_page import (active_voice_count, answers, device_records, exercise, has_audio_context, is_training,
                         record_answers, start_mode, sync, wait_for_first_sync)
from peach_server import PITCH_TRAINING_PAGES

FIFTH_UP_CENTS = 700.0  # 12-TET, the default tuning system


def cents(frequency, reference):
    return 1200 * math.log2(frequency / reference)


def true_target(exercise):
    """Where the target would be without an offset: the test's own arithmetic, not the app's."""
    size = FIFTH_UP_CENTS if exercise["interval"]["code"] == "P5up" else 0.0
    return exercise["reference"]["frequency"] * 2 ** (size / 1200)


def answer_comparisons(page, server, link_name, count):
    """Answers `count` comparisons, mixing ↑/↓, H/L and clicks, deliberately wrong every third
    time; returns the correctness each answer must have been recorded with."""
    start_mode(page, server, link_name)
    higher, lower = page.locator("#answer-higher"), page.locator("#answer-lower")
    feedback = page.locator("#feedback")
    expected = []
    for index in range(count):
        expect(higher).to_be_enabled(timeout=10_000)  # the target has started
        current = exercise(page)
        target_is_higher = current["target"]["frequency"] > true_target(current)
        correct = index % 3 != 0
        say_higher = target_is_higher if correct else not target_is_higher
        if index % 3 == 0:
            page.keyboard.press("ArrowUp" if say_higher else "ArrowDown")
        elif index % 3 == 1:
            page.keyboard.press("h" if say_higher else "l")
        else:
            (higher if say_higher else lower).click()
        expect(feedback).to_have_attribute("data-state", "correct" if correct else "incorrect")
        expected.append(correct)
        expect(higher).to_be_disabled()  # from the answer until the next target starts
    return expected


def test_comparison_records_twenty_answers_with_their_correctness(page, server):
    server.set_settings(noteDuration=0.3)
    expected = answer_comparisons(page, server, "Comparison", 20)
    sync(page)
    assert server.count("comparisonRecord") == 20
    rows = server.query("SELECT isCorrect, interval, referenceNote, targetNote FROM comparisonRecord ORDER BY timestamp, rowid")
    assert [bool(row[0]) for row in rows] == expected
    assert all(row[1] == "P1" and row[2] == row[3] for row in rows)


def test_interval_comparison_shows_the_target_interval_and_records_fifths(page, server):
    server.set_settings(noteDuration=0.3)
    expected = answer_comparisons(page, server, "Interval Comparison", 20)
    expect(page.locator("#target-interval")).to_contain_text("Perfect Fifth Up")
    sync(page)
    assert server.count("comparisonRecord") == 20
    rows = server.query("SELECT isCorrect, interval, direction, targetNote - referenceNote FROM comparisonRecord ORDER BY timestamp, rowid")
    assert [bool(row[0]) for row in rows] == expected
    assert all(row[1:] == ("P5", "up", 7) for row in rows)


def drag_slider(page, fraction):
    """Drags the slider's thumb from the centre by `fraction` of half the track (up = positive),
    by way of a tenth up: a drag back to where it began is an answer too, a mere tap is not."""
    slider = page.locator("#pitch-slider")
    box = slider.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x, y - 0.1 * box["height"] / 2, steps=4)
    page.mouse.move(x, y - fraction * box["height"] / 2, steps=8)
    page.mouse.up()


def match_pitches(page, server, link_name, count):
    start_mode(page, server, link_name)
    record_answers(page)
    slider = page.locator("#pitch-slider")
    expected = []
    for index in range(count):
        expect(slider).to_have_attribute("aria-disabled", "false", timeout=10_000)
        current = exercise(page)
        fraction = [0.5, -0.3, 0.0, 0.8][index % 4]
        drag_slider(page, fraction)
        expect(page.locator("#feedback")).not_to_have_attribute("data-state", "")
        sent = answers(page)[-1]
        assert -1 <= sent <= 1
        if fraction > 0:
            assert sent > 0
        elif fraction < 0:
            assert sent < 0
        tunable = current["tunable"]
        initial = cents(tunable["startFrequency"], true_target(current))
        # The slider's top is where the note goes highest: its cents per unit of the slider.
        expected.append(initial + sent * cents(tunable["highestFrequency"], tunable["startFrequency"]))
        expect(slider).to_have_attribute("aria-disabled", "true")
    assert len(answers(page)) == count
    return expected


def test_pitch_matching_records_the_error_at_release(page, server):
    server.set_settings(noteDuration=0.3)
    expected = match_pitches(page, server, "Pitch Matching", 20)
    sync(page)
    assert server.count("pitchMatchingRecord") == 20
    rows = server.query("SELECT userCentError, interval FROM pitchMatchingRecord ORDER BY timestamp, rowid")
    assert [row[1] for row in rows] == ["P1"] * 20
    for (stored, _), want in zip(rows, expected):
        assert math.isclose(stored, want, abs_tol=1e-6)


def test_interval_pitch_matching_records_fifths(page, server):
    server.set_settings(noteDuration=0.3)
    expected = match_pitches(page, server, "Interval Pitch Matching", 20)
    expect(page.locator("#target-interval")).to_contain_text("Perfect Fifth Up")
    sync(page)
    assert server.count("pitchMatchingRecord") == 20
    rows = server.query("SELECT userCentError, interval, direction FROM pitchMatchingRecord ORDER BY timestamp, rowid")
    assert all(row[1:] == ("P5", "up") for row in rows)
    for (stored, _, _), want in zip(rows, expected):
        assert math.isclose(stored, want, abs_tol=1e-6)


def test_leaving_mid_exercise_stores_nothing(page, server):
    start_mode(page, server, "Comparison")
    expect(page.locator("#answer-higher")).to_be_disabled()
    page.get_by_role("link", name="Settings").click()
    expect(page).to_have_url(server.url("/settings"))
    start_mode(page, server, "Pitch Matching")
    page.go_back()
    assert sync(page)["waiting"] == 0
    assert device_records(page) == []
    assert server.count("comparisonRecord") == 0
    assert server.count("pitchMatchingRecord") == 0


def test_a_hidden_training_page_stops_and_returns_to_start(page, server):
    server.set_settings(noteDuration=0.3)
    start_mode(page, server, "Comparison")
    expect(page.locator("#answer-higher")).to_be_enabled(timeout=10_000)
    for state in ("hidden", "visible"):
        page.evaluate(
            """state => {
                Object.defineProperty(document, 'visibilityState', {value: state, configurable: true});
                Object.defineProperty(document, 'hidden', {value: state === 'hidden', configurable: true});
                document.dispatchEvent(new Event('visibilitychange'));
            }""", state)
        if state == "hidden":
            # The sound stops at once (every voice ends) and the answers close.
            audio_probe.wait_until_silent(page)
            assert active_voice_count(page) == 0
            expect(page.locator("#answer-higher")).to_be_disabled()
    expect(page).to_have_url(server.url("/"))
    assert device_records(page) == []


def test_back_to_a_training_page_left_by_a_full_page_load_lands_on_start(page, server):
    start_mode(page, server, "Comparison")
    page.goto(server.url("/info"))  # a full load, not the app's in-place navigation
    page.go_back()
    expect(page).to_have_url(server.url("/"))
    expect(page.locator("body")).to_have_attribute("data-page", "start")
    assert server.count("comparisonRecord") == 0


def test_settings_survive_a_restart_and_change_the_next_exercise(page, server):
    page.goto(server.url("/settings"))
    wait_for_first_sync(page)
    page.select_option("[name=referencePitch]", "442")
    expect(page.locator("#settings-saved")).to_be_visible()
    sync(page)
    assert server.query("SELECT value FROM setting WHERE key = 'referencePitch'") == [("442",)]
    server.restart()
    page.goto(server.url("/settings"))
    expect(page.locator("[name=referencePitch]")).to_have_value("442")
    first = start_mode(page, server, "Comparison")
    semitones = 12 * math.log2(first["reference"]["frequency"] / 442)
    assert abs(semitones - round(semitones)) < 1e-9, "the reference note is tuned from A4 = 442 Hz"


# Every pitch training page's address, from the server's route table: these tests listen for
# notes (test_rhythm.py leaves the rhythm pages).
MODES = list(PITCH_TRAINING_PAGES)


def expect_start_and_silence(page, server, notes_before):
    """On Start, and nothing scheduled since: the training did not start again."""
    expect(page.locator("body")).to_have_attribute("data-page", "start")
    expect(page).to_have_url(server.url("/"))
    assert is_training(page) is False
    assert len(audio_probe.notes(page)) == notes_before, "no note was scheduled"


@pytest.mark.parametrize("path", MODES)
def test_back_forward_and_reload_never_return_into_training(page, server, path):
    server.set_settings(noteDuration=0.3)
    audio_probe.install(page)
    control = page.locator("#answer-higher, #pitch-slider")  # Playwright reads aria-disabled too

    # Start → training → Settings (or Profile) → Back: Start, silent.
    start_mode(page, server, path)
    expect(control).to_be_enabled(timeout=10_000)  # it plays
    page.get_by_role("link", name="Profile" if "interval" in path else "Settings", exact=True).click()
    expect(page.locator("body")).to_have_attribute("data-page", re.compile("^(settings|profile)$"))
    audio_probe.wait_until_silent(page)
    notes = len(audio_probe.notes(page))
    page.go_back()
    expect_start_and_silence(page, server, notes)

    # Start → training → Back (Start) → Forward onto the training page's entry: Start, silent.
    page.locator(f'#main a[href="{path}"]').click()
    expect(control).to_be_enabled(timeout=10_000)
    page.go_back()
    expect(page.locator("body")).to_have_attribute("data-page", "start")
    audio_probe.wait_until_silent(page)
    notes = len(audio_probe.notes(page))
    page.go_forward()
    expect_start_and_silence(page, server, notes)

    # A reload of a training page: Start, and the new document has not even made a sound context.
    page.locator(f'#main a[href="{path}"]').click()
    expect(control).to_be_enabled(timeout=10_000)
    page.reload()
    expect_start_and_silence(page, server, 0)
    assert not has_audio_context(page)
    wait_for_first_sync(page)
    assert sync(page)["waiting"] == 0
    assert server.count("comparisonRecord") + server.count("pitchMatchingRecord") == 0


@pytest.mark.parametrize("path", MODES)
def test_a_training_address_opened_later_lands_on_start(new_page, server, path):
    page = new_page()  # a fresh browser context: a bookmark or a typed address
    audio_probe.install(page)
    page.goto(server.url(path))
    expect_start_and_silence(page, server, 0)
    assert not has_audio_context(page)
    # Start works as ever from there.
    page.locator(f'#main a[href="{path}"]').click()
    expect(page).to_have_url(server.url(path))


def test_a_training_page_shown_from_the_back_forward_cache_lands_on_start(page, server):
    # Playwright's Chromium keeps no back/forward cache, so the event the browser sends when it
    # shows a cached page is dispatched here as it would arrive.
    server.set_settings(noteDuration=0.3)
    start_mode(page, server, "Pitch Matching")
    expect(page.locator("#pitch-slider")).to_be_enabled(timeout=10_000)
    page.evaluate("window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }))")
    expect(page.locator("body")).to_have_attribute("data-page", "start")
    expect(page).to_have_url(server.url("/"))
    audio_probe.wait_until_silent(page)
    assert device_records(page) == []
