"""Instrument sounds in the real app (docs/sounds.md): the Sound picker, its preview, each mode
playing the chosen instrument from the next exercise, the sine standing in (and said) while an
instrument loads, the choice synced, and the instrument kept for offline training.

What played is read with audio_probe (the engine's real source nodes): a sampled note carries
its zone's root frequency, which names the zone (docs/sounds.md)."""

from __future__ import annotations

import math

import pytest
from playwright.sync_api import expect

import audio_probe
from device_page import (exercise, prepare_sound, returning_user, start_mode, sync, wait_for_device, wait_for_exercise,
                         wait_for_first_sync, wait_for_next_exercise, wait_for_sound_state)
from peach_server import PITCH_TRAINING_PAGES

# The second note of an exercise, by the kind of exercise the page plays (its <body data-kind>):
# a comparison's target, or pitch matching's tunable note.
SECOND_NOTE = {"comparison": "target", "pitchMatching": "tunable"}
SOURCES = {"sine": "Sine wave", "piano": "Piano", "violin": "Violin", "cello": "Cello", "flute": "Flute",
           "clarinet": "Clarinet", "oboe": "Oboe", "trumpet": "Trumpet", "choir": "Choir (aah)"}


def root_frequency(zone) -> float:
    return zone["rootHertz"]


def zone_of(index, source: str, note: int):
    zones = next(s for s in index["sources"] if s["id"] == source)["zones"]
    return next(z for z in zones if z["keyLow"] <= note <= z["keyHigh"])


def instrument_ready(page):
    """Until the chosen instrument is loaded on the device (the app's own SoundChoice)."""
    assert prepare_sound(page)


def exercise_notes(page, count: int = 2):
    """The last `count` notes the engine scheduled (the exercise: reference, then target or tunable)."""
    page.wait_for_function(f"() => window.__peachProbe.notes.length >= {count}")
    return audio_probe.notes(page)[-count:]


def choose(page, source: str):
    page.select_option("#setting-soundSource", source)
    expect(page.locator("#settings-saved")).to_be_visible()


def test_the_sound_picker_lists_the_sources_previews_and_syncs_the_choice(page, server, prepared_sounds):
    audio_probe.install(page)
    page.goto(server.url("/settings"))
    wait_for_first_sync(page)
    options = page.locator("#setting-soundSource option")
    assert dict(zip(options.evaluate_all("(os) => os.map((o) => o.value)"), options.all_text_contents())) == SOURCES
    assert [s["id"] for s in prepared_sounds["sources"]] == list(SOURCES)[1:]

    choose(page, "violin")
    expect(page.locator("#sound-status")).to_have_text("“Violin” is ready.")
    assert sync(page)["state"] == "synced"
    assert server.query("SELECT value FROM setting WHERE key = 'soundSource'") == [("violin",)]

    page.get_by_role("button", name="Listen to the chosen sound").click()
    (note,) = exercise_notes(page, 1)
    zone = zone_of(prepared_sounds, "violin", 69)
    assert note.sound == "sample" and math.isclose(note.root_frequency, root_frequency(zone), rel_tol=1e-6)
    assert math.isclose(note.frequency, 440, rel_tol=1e-6), "A4 at the reference pitch"

    # Back to the sine: the preview is a sine again.
    choose(page, "sine")
    expect(page.locator("#sound-status")).to_be_hidden()
    page.get_by_role("button", name="Listen to the chosen sound").click()
    page.wait_for_function("() => window.__peachProbe.notes.length >= 2")
    assert audio_probe.notes(page)[-1].sound == "sine"


@pytest.mark.parametrize("path", PITCH_TRAINING_PAGES)
def test_switching_sound_changes_what_the_next_exercise_plays(page, server, prepared_sounds, path):
    audio_probe.install(page)
    server.set_settings(noteDuration=0.3, intervals=["M3up", "P5down"])
    first = start_mode(page, server, path)
    second = SECOND_NOTE[page.locator("body").get_attribute("data-kind")]
    assert [note.sound for note in exercise_notes(page)] == ["sine", "sine"]

    page.get_by_role("link", name="Settings").click()
    choose(page, "cello")
    expect(page.locator("#sound-status")).to_have_text("“Cello” is ready.")
    page.get_by_role("link", name="Back to Start").click()
    page.locator(f'#main a[href="{path}"]').click()
    wait_for_next_exercise(page, first)
    current = exercise(page)
    reference, other = exercise_notes(page)
    # Both notes are the cello (one sound per exercise), each with the zone of the core's note.
    for note, played in ((current["reference"]["note"], reference), (current[second]["note"], other)):
        zone = zone_of(prepared_sounds, "cello", note)
        assert played.sound == "sample", f"{path}: {played}"
        assert math.isclose(played.root_frequency, root_frequency(zone), rel_tol=1e-6)
    assert math.isclose(reference.frequency, current["reference"]["frequency"], rel_tol=1e-6)


@pytest.mark.parametrize("path", PITCH_TRAINING_PAGES)
def test_with_the_piano_pitch_matching_plays_the_sine_and_says_so_and_comparison_plays_the_piano(
        page, server, prepared_sounds, path):
    """The piano's held note fades (test_sound_presets.py): the pitch matching modes play the
    sine with it, both notes, and their page says why; the comparison modes play the piano."""
    audio_probe.install(page)
    server.set_settings(soundSource="piano", noteDuration=0.3)
    page.goto(server.url("/"))
    wait_for_first_sync(page)
    instrument_ready(page)
    page.locator(f'#main a[href="{path}"]').click()
    wait_for_exercise(page)
    second = SECOND_NOTE[page.locator("body").get_attribute("data-kind")]
    sounds = [note.sound for note in exercise_notes(page)]
    status = page.locator("#sound-status")
    if second == "tunable":
        assert sounds == ["sine", "sine"]
        expect(status).to_have_text("“Piano” fades while you tune, so pitch matching plays the sine wave instead.")
        expect(status).to_be_visible()
        # Training on: the line stays, whatever the piano's loading reports.
        prepare_sound(page)
        expect(status).to_have_text("“Piano” fades while you tune, so pitch matching plays the sine wave instead.")
    else:
        assert sounds == ["sample", "sample"]
        expect(status).to_be_empty()


def test_the_first_exercise_never_waits_silently_for_an_instrument(new_page, server, prepared_sounds):
    """The zones are held back (no service worker here, so the page's own requests can be held):
    the first exercise plays at once with the sine and the page says the instrument is loading;
    once it has loaded, the next exercise plays it."""
    server.set_settings(soundSource="trumpet", noteDuration=0.3)
    page = new_page(service_workers="block")
    audio_probe.install(page)
    held = []
    page.route("**/sounds/*.flac", lambda route: held.append(route))
    start_mode(page, server, "Comparison")
    assert [note.sound for note in exercise_notes(page)] == ["sine", "sine"]
    expect(page.locator("#sound-status")).to_have_text("Loading “Trumpet”… the sine wave plays until it is ready.")

    page.wait_for_function("() => !document.querySelector('#answer-higher').disabled")
    for route in held:
        route.continue_()
    page.route("**/sounds/*.flac", lambda route: route.continue_())
    instrument_ready(page)
    expect(page.locator("#sound-status")).to_be_empty()
    page.keyboard.press("ArrowUp")
    page.wait_for_function("() => window.__peachProbe.notes.length >= 4")
    assert [note.sound for note in audio_probe.notes(page)[-2:]] == ["sample", "sample"]


def test_a_training_page_opened_while_the_instrument_loads_says_so(new_page, server):
    """The load starts on Start (after the first sync brought the choice); the training page
    opened meanwhile says that it is loading, though it did not start the load itself."""
    server.set_settings(soundSource="oboe", noteDuration=0.3)
    page = new_page(service_workers="block")
    audio_probe.install(page)
    held = []
    page.route("**/sounds/*.flac", lambda route: held.append(route))
    page.goto(server.url("/"))
    wait_for_first_sync(page)
    wait_for_sound_state(page, "loading")
    page.get_by_role("link", name="Comparison", exact=True).click()
    expect(page.locator("#sound-status")).to_have_text("Loading “Oboe”… the sine wave plays until it is ready.")
    assert [note.sound for note in exercise_notes(page)] == ["sine", "sine"]
    for route in held:
        route.continue_()
    page.route("**/sounds/*.flac", lambda route: route.continue_())
    instrument_ready(page)
    expect(page.locator("#sound-status")).to_be_empty()


def test_offline_after_one_visit_the_chosen_instrument_still_plays(browser, server):
    server.set_settings(soundSource="flute", noteDuration=0.3)
    context = returning_user(browser.new_context())
    context.add_init_script(audio_probe.PROBE_SCRIPT)
    page = context.new_page()
    page.goto(server.url("/"))
    wait_for_first_sync(page)
    page.evaluate("() => navigator.serviceWorker.ready")
    instrument_ready(page)  # fetched, and kept by the page in the Cache API

    context.set_offline(True)
    server.stop()
    page.reload()  # from the service worker: no network at all
    wait_for_device(page)
    instrument_ready(page)
    page.get_by_role("link", name="Pitch Matching", exact=True).click()
    wait_for_exercise(page)
    assert [note.sound for note in exercise_notes(page)] == ["sample", "sample"]
    context.close()


@pytest.mark.parametrize("language, origin", [
    ("en-GB", "Fluid (R3) Mono GM SoundFont, MIT licence"),
    ("de-DE", "Fluid (R3) Mono GM SoundFont, MIT-Lizenz"),
])
def test_the_info_page_names_the_soundfont_and_its_licence(new_page, server, language, origin):
    page = new_page(locale=language)
    page.goto(server.url("/info"))
    wait_for_device(page)
    expect(page.locator("main dl")).to_contain_text(origin)
    expect(page.locator("main dl")).to_contain_text("fluidr3mono-gm-soundfont")


def test_the_saved_line_stuck_over_the_listen_button_lets_the_tap_through(page, server, prepared_sounds):
    """"Saved." sticks to the bottom of the screen for 2 s after a change; with the Sound picker
    at the bottom, it lies over the Listen button, which must still take the tap."""
    audio_probe.install(page)
    page.goto(server.url("/settings"))
    wait_for_first_sync(page)
    choose(page, "piano")
    instrument_ready(page)
    # A screen just tall enough that the line, stuck 0.5rem above its bottom, lies over the button.
    listen = page.locator("#sound-preview").bounding_box()
    line = page.locator("#settings-saved").bounding_box()
    page.set_viewport_size({"width": 1024, "height": round(listen["y"] + listen["height"] / 2 + 8 + line["height"] / 2)})
    page.evaluate("window.scrollTo({ top: 0, behavior: 'instant' })")
    saved = page.locator("#settings-saved").bounding_box()
    listen = page.locator("#sound-preview").bounding_box()
    assert saved["y"] < listen["y"] + listen["height"] and listen["y"] < saved["y"] + saved["height"], \
        "the line lies over the button"
    page.mouse.click(listen["x"] + listen["width"] / 2, listen["y"] + listen["height"] / 2)
    (note,) = exercise_notes(page, 1)
    assert note.sound == "sample" and math.isclose(note.frequency, 440, rel_tol=1e-6)
