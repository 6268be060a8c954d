"""A newcomer's first minute, in the browser against the real `peach serve`: each training mode
shows its hint before its first exercise in this browser — what you hear, what you answer,
the keys — and again on demand; never while an exercise plays. Escape leaves training to
Start, from the page and from the hint.

The checks are small and read the page (the hint dialog's `open`, its box, the answer
controls' state) and the app's own training loop (through device_page.py), so that
they run alike in every engine."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from device_page import active_voice_count, exercise, loop_state, wait_for_first_sync, wait_for_no_active_voice

HINT_OPEN = "() => document.querySelector('#mode-hint')?.open === true"


def open_start(new_page, server, **options):
    page = new_page(newcomer=True, **options)
    page.goto(server.url("/"))
    wait_for_first_sync(page)
    return page


def tap_mode(page, path):
    page.locator(f'#main a[href="{path}"]').click()
    expect(page).to_have_url(re.compile(re.escape(path) + "$"))


def expect_hint_shown(page, heading, sentence):
    hint = page.locator("#mode-hint")
    expect(hint).to_be_visible()
    expect(hint.locator("h2")).to_have_text(heading)
    expect(hint).to_contain_text(sentence)
    box = hint.bounding_box()
    assert box and box["width"] > 0 and box["height"] > 0
    expect(page.locator("#hint-begin")).to_be_focused()


def expect_not_training(page):
    """No exercise is asked for or playing: the loop has none, and no voice sounds."""
    assert exercise(page) is None
    assert active_voice_count(page) == 0


def test_the_first_visit_to_a_mode_shows_its_hint_once_and_training_begins_from_it(new_page, server):
    server.set_settings(noteDuration=0.3)
    page = open_start(new_page, server)
    tap_mode(page, "/comparison")
    expect_hint_shown(page, "Comparison", "Was the second higher or lower than the first?")
    expect(page.locator("#answer-higher")).to_be_disabled()
    expect_not_training(page)

    page.keyboard.press("Enter")  # the hint's button has the focus
    expect(page.locator("#mode-hint")).to_be_hidden()
    expect(page.locator("#answer-higher")).to_be_enabled(timeout=10_000)

    # Seen: the next visit to the mode begins at once, also after a reload.
    page.get_by_role("link", name="Back to Start").click()
    page.reload()
    wait_for_first_sync(page)
    tap_mode(page, "/comparison")
    expect(page.locator("#answer-higher")).to_be_enabled(timeout=10_000)
    assert not page.evaluate(HINT_OPEN)

    # Each mode has its own hint, in the page's language.
    page.get_by_role("link", name="Back to Start").click()
    tap_mode(page, "/pitch-matching")
    expect_hint_shown(page, "Pitch Matching", "a tap is not an answer")
    expect(page.locator("#pitch-slider")).to_have_attribute("aria-disabled", "true")
    expect_not_training(page)


def test_interval_comparison_explains_sharp_and_flat_in_german(new_page, server):
    page = open_start(new_page, server, locale="de-DE")
    tap_mode(page, "/interval-comparison")
    expect_hint_shown(page, "Intervall\u00advergleich", "ein wenig zu hoch oder zu tief")
    expect(page.locator("#interval-question")).to_have_text("War der zweite Ton zu hoch oder zu tief?")
    expect(page.locator("#answer-higher")).to_have_text("Zu hoch")
    expect(page.locator("#answer-lower")).to_have_text("Zu tief")


def test_on_demand_the_hint_stops_training_and_its_button_begins_again(new_page, server):
    server.set_settings(noteDuration=0.3)
    page = open_start(new_page, server)
    tap_mode(page, "/interval-comparison")
    page.click("#hint-begin")
    higher = page.locator("#answer-higher")
    expect(higher).to_be_enabled(timeout=10_000)

    page.get_by_role("button", name="How it works").click()
    expect_hint_shown(page, "Interval Comparison", "sharp (too high) or flat (too low)")
    expect(higher).to_be_disabled()
    assert loop_state(page) == "stopped"
    # A note stopped by the hint fades out over its release: the voices end (a wait that fails
    # if one goes on sounding).
    wait_for_no_active_voice(page, timeout=5_000)
    expect_not_training(page)

    page.click("#hint-begin")
    expect(page.locator("#mode-hint")).to_be_hidden()
    expect(higher).to_be_enabled(timeout=10_000)
    assert page.evaluate(HINT_OPEN) is False


def test_escape_leaves_training_for_start_from_the_page_and_from_the_hint(new_page, server):
    """Escape on the page and on the hint, and the hint's own link for a touch screen."""
    server.set_settings(noteDuration=0.3)
    page = open_start(new_page, server)
    tap_mode(page, "/pitch-matching")
    expect(page.locator("#mode-hint")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("body")).to_have_attribute("data-page", "start")
    expect(page).to_have_url(server.url("/"))

    # A touch screen has no Escape: the hint's own link leads back to Start too.
    tap_mode(page, "/pitch-matching")  # the hint is not seen yet: it was left, not begun from
    page.locator("#mode-hint").get_by_role("link", name="Back to Start").click()
    expect(page.locator("body")).to_have_attribute("data-page", "start")

    tap_mode(page, "/pitch-matching")
    page.click("#hint-begin")
    expect(page.locator("#pitch-slider")).to_have_attribute("aria-disabled", "false", timeout=10_000)
    page.keyboard.press("Escape")
    expect(page.locator("body")).to_have_attribute("data-page", "start")
    wait_for_no_active_voice(page)  # silent
    page.go_back()
    expect(page.locator("body")).to_have_attribute("data-page", "start")  # never back into training


def test_the_keys_are_shown_with_a_mouse_and_not_on_a_touch_screen(new_page, server):
    desktop = new_page(viewport={"width": 1280, "height": 800})
    server.open(desktop, "/interval-comparison")
    keys = desktop.locator("main > .shortcuts")
    expect(keys).to_be_visible()
    expect(keys).to_have_text("Keys: ↑ H Sharp · ↓ L Flat · Esc Back to Start")
    phone = new_page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    server.open(phone, "/interval-comparison")
    expect(phone.locator("main > .shortcuts")).to_be_hidden()
