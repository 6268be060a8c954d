"""A newcomer's first minute in WebKit and Firefox (e2e/browser/test_first_run.py checks the
same in Chromium): a training mode shows its hint before its first exercise in this browser,
once, and again on demand — never while an exercise plays; Escape leaves training for Start,
from the page and from the hint."""

from __future__ import annotations

ESCAPE = "\ue00c"
HINT_OPEN = "document.querySelector('#mode-hint')?.open === true"


def tap_mode(peach, engine, path):
    engine.click(f'#main a[href="{path}"]')
    engine.wait_for("location.pathname === arguments[0]", path, message=path)


def test_the_hint_shows_once_before_a_modes_first_exercise_and_training_begins_from_it(peach, engine, server):
    server.set_settings(noteDuration=0.3)
    peach.open("/")
    peach.wait_for_first_sync()
    tap_mode(peach, engine, "/comparison")
    engine.wait_for(HINT_OPEN, message="the hint")
    assert engine.is_visible("#mode-hint")
    assert "Was the second higher or lower than the first?" in engine.run(
        "return document.querySelector('#mode-hint').textContent;")
    assert engine.run("return document.activeElement.id;") == "hint-begin"
    assert peach.not_training(), "nothing plays under the hint"
    engine.click("#hint-begin")
    engine.wait_for("!document.querySelector('#answer-higher').disabled", timeout=15, message="the first exercise")
    assert not engine.run(f"return {HINT_OPEN};")
    # Seen: the next visit to the mode begins at once, also after a reload.
    peach.back_to_start()
    peach.reload()
    tap_mode(peach, engine, "/comparison")
    engine.wait_for("!document.querySelector('#answer-higher').disabled", timeout=15, message="the first exercise")
    assert not engine.run(f"return {HINT_OPEN};")


def test_on_demand_the_hint_stops_training_and_its_button_begins_again(peach, engine, server):
    server.set_settings(noteDuration=0.3)
    peach.open("/")
    peach.wait_for_first_sync()
    peach.start_training("interval comparison")
    engine.wait_for("!document.querySelector('#answer-higher').disabled", timeout=15, message="the first exercise")
    engine.click("#show-hint")
    engine.wait_for(HINT_OPEN, message="the hint")
    assert peach.loop_state() == "stopped"
    assert engine.run("return document.querySelector('#answer-higher').disabled;") is True
    engine.click("#hint-begin")
    engine.wait_for("!document.querySelector('#answer-higher').disabled", timeout=15, message="training again")
    assert not engine.run(f"return {HINT_OPEN};")


def test_escape_leaves_training_for_start_from_the_hint_and_from_the_page(peach, engine, server):
    server.set_settings(noteDuration=0.3)
    peach.open("/")
    peach.wait_for_first_sync()
    tap_mode(peach, engine, "/pitch-matching")
    engine.wait_for(HINT_OPEN, message="the hint")
    engine.press(ESCAPE)
    engine.wait_for("document.body.dataset.page === 'start'", message="Start, from the hint")
    tap_mode(peach, engine, "/pitch-matching")
    engine.wait_for(HINT_OPEN, message="the hint, still not seen")
    engine.click("#hint-begin")
    engine.wait_for("document.querySelector('#pitch-slider').getAttribute('aria-disabled') === 'false'",
                    timeout=15, message="the tunable note")
    engine.press(ESCAPE)
    engine.wait_for("document.body.dataset.page === 'start'", message="Start, from the page")
    peach.wait_for_silence()
