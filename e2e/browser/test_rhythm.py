"""A musician trains timing in the real browser against the real server and database file:
Compare Timing answered by keyboard and by click, Fill the Gap tapped on the audio clock, in
English and German."""

import pytest
from playwright.sync_api import expect

from device_page import device_records, exercise, start_mode, sync, tap_gaps
from peach_server import record_field
from test_profile import serious_axe_violations


def is_early(current):
    """Whether the fourth click came early: the test's own arithmetic on the core's samples."""
    samples = [onset["sample"] for onset in current["onsets"]]
    return samples[3] - samples[2] < samples[1] - samples[0]


def answer_timing(page, count, keys):
    """Answers `count` Compare Timing exercises, each by the next of `keys` (a key's name for
    early and for late, or None for a click on the button), wrong every third time; returns the
    correctness each answer must have been recorded with."""
    early, late = page.locator("#answer-early"), page.locator("#answer-late")
    expected = []
    for index in range(count):
        expect(early).to_be_enabled(timeout=10_000)  # the fourth click has sounded
        correct = index % 3 != 2
        say_early = is_early(exercise(page)) == correct
        pair = keys[index % len(keys)]
        if pair is None:
            (early if say_early else late).click()
        else:
            page.keyboard.press(pair[0] if say_early else pair[1])
        expect(page.locator("#feedback")).to_have_attribute("data-state", "correct" if correct else "incorrect")
        expected.append(correct)
        expect(early).to_be_disabled()
    return expected


def test_compare_timing_records_answers_by_keyboard_and_click_and_syncs_them(page, server):
    server.set_settings(tempo=200)
    start_mode(page, server, "Compare Timing")
    expect(page.locator("#tempo")).to_have_text("200 BPM")
    expect(page.locator("#rhythm-dots .dot")).to_have_count(4)
    keys = [("ArrowLeft", "ArrowRight"), ("e", "l"), None, ("f", "s")]
    expected = answer_timing(page, 12, keys)
    records = device_records(page)
    assert [record_field(record, "outcome") for record in records] == [float(c) for c in expected]
    sync(page)
    rows = server.query("SELECT tempoBPM, offsetMs, isCorrect FROM rhythmOffsetDetectionRecord ORDER BY timestamp, rowid")
    assert [bool(row[2]) for row in rows] == expected
    assert all(row[0] == 200 and row[1] != 0 for row in rows)


def test_compare_timing_speaks_german_with_its_letters(page, server):
    server.set_settings(language="de", tempo=200)
    start_mode(page, server, "Timing vergleichen")
    expect(page.locator("#answer-early")).to_have_text("Früh")
    expect(page.locator("#answer-late")).to_have_text("Spät")
    expect(page.locator("#answer-early")).to_have_attribute("aria-keyshortcuts", "ArrowLeft F")
    expect(page.locator("#turn")).to_have_attribute("data-msg-your-turn", "Du bist dran: früh oder spät?")
    assert answer_timing(page, 3, [("f", "s")]) == [True, True, False]
    assert serious_axe_violations(page) == []


@pytest.mark.parametrize("language, name, tap", [("en", "Fill the Gap", "Tap"), ("de", "Lücke füllen", "Tippen")])
def test_fill_the_gap_taps_on_the_audio_clock_make_one_record_of_sixteen_cycles(page, server, language, name, tap):
    server.set_settings(language=language, tempo=120, gapPositions="1,3")
    start_mode(page, server, name)
    button = page.get_by_role("button", name=tap, exact=True)
    expect(button).to_be_enabled()
    assert serious_axe_violations(page) == []
    trial = exercise(page)
    gaps = [onset for onset in trial["onsets"] if onset["isGap"]]
    assert len(trial["onsets"]) == 64 and len(gaps) == 16
    assert {gap["step"] for gap in gaps} <= {0, 2}
    tap_gaps(page, offset_ms=10)
    page.wait_for_function("() => document.querySelector('#feedback').dataset.state !== ''", timeout=15_000)
    records = device_records(page)
    assert len(records) == 1
    hits = record_field(records[0], "outcome")
    mean = record_field(records[0], "offsetMs")
    # A timer in the page taps each gap 10 ms late; a busy machine may make some later still.
    assert hits >= 12, f"{hits} of 16 taps counted"
    assert -5 < mean < 45, f"mean offset {mean} ms"
    expect(page.locator("#feedback .text")).not_to_be_empty()
    page.locator('header a[href="/"]').click()
    sync(page)
    rows = server.query("SELECT tempoBPM, meanOffsetMs, hitCount FROM continuousRhythmMatchingRecord")
    assert len(rows) == 1 and rows[0][0] == 120 and rows[0][2] == hits


def test_leaving_fill_the_gap_mid_trial_records_nothing(page, server):
    server.set_settings(tempo=60)
    start_mode(page, server, "Fill the Gap")
    page.keyboard.press(" ")
    page.get_by_role("link", name="Settings").click()
    expect(page.locator("body")).to_have_attribute("data-page", "settings")
    assert device_records(page) == []
    sync(page)
    assert server.count("continuousRhythmMatchingRecord") == 0
