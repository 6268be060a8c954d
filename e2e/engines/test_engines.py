"""Peach as a new user meets it in WebKit and in Firefox, against the real `peach serve` on a real
database file: every test runs once in each engine (conftest.py's `engine`, one browser session
per engine for the module). Start opens without script errors; a comparison answered is synced
to the server; two windows of one device each show the other's answers at once; a pitch matching
is answered by dragging the slider; both rhythm modes are trained and synced; an instrument chosen is
loaded and heard (recorded from the sound card, not read from the page); and a device that lost
its server opens from its service worker, trains, and syncs each answer exactly once when the
server is back."""

from __future__ import annotations

import math
import warnings

from peach_server import record_field, training_pages, wait_until
from pulse_audio import spectrum_peaks, unbroken

# What the server holds of a device's record (docs/api.md), by table.
SERVER_RECORDS = {
    "comparison": "SELECT exerciseID, referenceNote, targetNote, centOffset, isCorrect FROM comparisonRecord",
    "pitch matching": "SELECT exerciseID, referenceNote, targetNote, initialCentOffset, userCentError FROM pitchMatchingRecord",
}


def server_records(server, kind):
    """The server's records of `kind` by id: (reference note, target note, value, value)."""
    return {row[0]: tuple(row[1:]) for row in server.query(SERVER_RECORDS[kind])}


def as_sent(record):
    """A device record's numbers as the server keeps them (its fields by name: RecordField)."""
    return tuple(record_field(record, name) for name in ("referenceNote", "targetNote", "centOffset", "outcome"))


def test_start_opens_without_script_errors(peach, engine):
    peach.open("/")
    peach.wait_for_first_sync()
    assert peach.page == "start"
    for path in training_pages():
        assert engine.is_visible(f'#main a[href="{path}"]'), path
    peach.wait_until_offline_ready()
    # No script error: checked after every test (conftest.py's `peach`).


def test_a_comparison_answered_is_synced_to_the_server(peach, engine, server):
    peach.open("/")
    peach.wait_for_first_sync()
    peach.start_training("comparison")
    peach.answer_comparison("higher")
    (record,) = peach.device_records()
    # The app's own sync takes the answer up a moment later (sync.js); nothing is asked of it.
    wait_until(lambda: server.count("comparisonRecord") == 1, timeout=15, message="the server to hold the answer")
    stored = server_records(server, "comparison")
    assert list(stored) == [record["id"]]
    assert stored[record["id"]] == as_sent(record)


def test_two_windows_of_one_device_each_show_the_others_answers_at_once(peach, engine, server):
    peach.open("/profile")
    peach.wait_for_first_sync()
    first = engine.window
    second = engine.new_window()
    try:
        peach.open("/profile")
        peach.wait_for_first_sync()
        # No sync can bring the other window's answers (a window shown again syncs): each window
        # learns of them from the other.
        server.stop()
        peach.give_comparison_answers(3)
        engine.use_window(first)
        peach.wait_for_comparison_answers_shown(3)
        peach.give_comparison_answers(2)
        engine.use_window(second)
        peach.wait_for_comparison_answers_shown(5)
    finally:
        engine.use_window(second)
        engine.close_window()
        engine.use_window(first)


def test_a_pitch_matching_is_answered_by_dragging_the_slider(peach, engine, server):
    peach.open("/")
    peach.wait_for_first_sync()
    peach.start_training("pitch matching")
    peach.record_answers()
    value = peach.drag_slider(-40)
    # Dragged 40 px up: sharper by 40 px of the thumb's travel (slider-drag.js), an answer.
    travel = engine.run("""const slider = document.querySelector('#pitch-slider');
        return slider.getBoundingClientRect().height - slider.querySelector('.thumb').getBoundingClientRect().height;""")
    assert math.isclose(value, 80 / travel, abs_tol=0.002), (value, travel)
    (answer,) = peach.answers()
    assert math.isclose(answer, value, abs_tol=0.0005)
    (record,) = peach.device_records()
    wait_until(lambda: server.count("pitchMatchingRecord") == 1, timeout=15, message="the server to hold the answer")
    stored = server_records(server, "pitch matching")
    assert list(stored) == [record["id"]]
    assert all(math.isclose(a, b, abs_tol=1e-9) for a, b in zip(stored[record["id"]], as_sent(record)))


def test_both_rhythm_modes_are_trained_and_synced(peach, engine, server):
    server.set_settings(tempo=200)
    peach.open("/")
    peach.wait_for_first_sync()
    peach.start_training("rhythm offset detection")
    for correct in (True, True, False):
        peach.answer_timing(correct)
    records = sorted(peach.device_records(), key=lambda record: record_field(record, "timestamp"))
    assert [record_field(record, "outcome") for record in records] == [1.0, 1.0, 0.0]
    peach.back_to_start()
    peach.start_training("continuous rhythm matching")
    peach.tap_gaps(offset_ms=10)
    engine.wait_for("document.querySelector('#feedback').dataset.state !== ''", timeout=15,
                    message="the trial's feedback")
    peach.back_to_start()
    wait_until(lambda: server.count("rhythmOffsetDetectionRecord") == 3
               and server.count("continuousRhythmMatchingRecord") == 1, timeout=15,
               message="the server to hold both modes' records")
    judged = server.query("SELECT tempoBPM, isCorrect FROM rhythmOffsetDetectionRecord ORDER BY timestamp, rowid")
    assert judged == [(200, 1), (200, 1), (200, 0)]
    ((tempo, mean, hits),) = server.query("SELECT tempoBPM, meanOffsetMs, hitCount FROM continuousRhythmMatchingRecord")
    # A timer in the page taps each of the 16 gaps 10 ms late; a busy machine makes some later.
    assert tempo == 200 and hits >= 12 and -5 < mean < 45, (tempo, mean, hits)


def test_a_chosen_instrument_is_loaded_and_heard(peach, engine, pulse):
    """The piano's A4 from the Settings page's Listen button, recorded from the sound card: its
    fundamental at 440 Hz, with the overtones a sine does not have (the same recording of the
    sine is the control)."""
    peach.open("/settings")
    peach.wait_for_first_sync()
    heard = {}
    for source, name in (("piano", "Piano"), ("sine", None)):
        peach.choose_sound(source, name)
        with pulse.record(f"{engine.name}-{source}") as recording:
            peach.listen()
            sound = recording.sound(0.9)  # of the one second it plays
        stretch, dropouts = unbroken(sound)
        if dropouts:
            warnings.warn(f"{engine.name} {engine.version}: {dropouts} dropouts in the {source}'s second "
                          f"of sound; measured on its longest unbroken {len(stretch) / 48_000:.2f} s")
        assert len(stretch) >= 0.2 * 48_000, f"{source}: no unbroken fifth of a second in what the sink got"
        heard[source] = spectrum_peaks(stretch, [440, 880, 1320, 1760])
    for source, ((fundamental, _), *_) in heard.items():
        assert abs(1200 * math.log2(fundamental / 440)) < 5, f"{source}: {fundamental:.2f} Hz, not A4"
    overtones = {source: max(level for _, level in peaks[1:]) for source, peaks in heard.items()}
    assert overtones["piano"] > 0.03 and overtones["sine"] < 0.01, overtones


def test_offline_it_opens_trains_and_syncs_each_answer_once(peach, server):
    server.set_settings(noteDuration=0.3)
    peach.open("/")
    peach.wait_for_first_sync()
    peach.wait_until_offline_ready()
    port = server.port
    server.stop()
    peach.reload()  # the server is gone: from the service worker
    assert peach.page == "start"
    peach.start_training("comparison")
    for answer in ("higher", "lower", "higher"):
        peach.answer_comparison(answer)
    peach.back_to_start()
    kept = {record["id"]: as_sent(record) for record in peach.device_records("waiting")}
    assert len(kept) == 3
    assert server.count("comparisonRecord") == 0

    server.start(port=port)
    assert peach.sync()["state"] == "synced"
    assert server_records(server, "comparison") == kept, "exactly those 3 answers, once"
    assert peach.sync()["state"] == "synced"
    assert server.count("comparisonRecord") == 3, "a second sync adds nothing"
    assert peach.device_records("waiting") == []


def test_the_feedback_icons_come_from_the_stylesheets_folder(peach, engine, server):
    # The stylesheet names its icons relative to itself (a custom property holds the url()), so
    # on a page at another address they must still resolve to the assets' folder.
    peach.open("/settings")
    engine.run("document.body.insertAdjacentHTML('beforeend', "
               "'<div id=\"feedback\" data-state=\"incorrect\"><span class=\"icon\"></span></div>');")
    mask = engine.wait_for("(() => { const s = getComputedStyle(document.querySelector('#feedback .icon'));"
                           " const m = s.maskImage || s.webkitMaskImage; return m && m !== 'none' && m; })()")
    assert server.url("/assets/icons/thumbs-down.svg") in mask, mask
