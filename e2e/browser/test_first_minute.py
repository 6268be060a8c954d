"""The first minute a new user spends in Peach, on a 390 px phone, in English and German: Start
says what Peach is for and what each mode does, Comparison in thumb reach; the training pages
say whose turn it is and answer an early tap; a wrong answer is heard where the device cannot
vibrate; pitch matching's feedback speaks a tuner's words. Screenshots go to
`e2e/browser/artifacts/first_minute/`."""

import pathlib

import pytest
from playwright.sync_api import expect

from device_page import wait_for_first_sync

ARTIFACTS = pathlib.Path(__file__).resolve().parent / "artifacts" / "first_minute"
PHONE = {"width": 390, "height": 844}
LOCALES = {"en": "en-US", "de": "de-DE"}

START = {
    "en": {
        "purpose": "Train your ear for intonation: hear two notes, say which is higher, or tune one to the other.",
        "groups": ["Pitch", "Intervals"],
        "modes": {
            "Comparison": "Two notes: was the second higher or lower?",
            "Pitch Matching": "Hear a note, then slide the second to match it.",
            "Interval Comparison": "An interval: was the second note sharp or flat?",
            "Interval Pitch Matching": "Slide the second note until the interval is in tune.",
        },
        "synced": "Synced with Peach.",
        "settings": "Settings",
    },
    "de": {
        "purpose": "Trainiere dein Gehör für saubere Intonation: Hör zwei Töne und sag, welcher höher ist, oder "
                   "stimm den einen auf den anderen.",
        "groups": ["Tonhöhe", "Intervalle"],
        "modes": {
            "Tonvergleich": "Zwei Töne: War der zweite höher oder tiefer?",
            "Ton treffen": "Hör einen Ton und schieb den zweiten dorthin.",
            "Intervall\u00advergleich": "Ein Intervall: Zweiter Ton zu hoch oder zu tief?",
            "Intervall treffen": "Schieb den zweiten Ton, bis das Intervall stimmt.",
        },
        "synced": "Mit Peach abgeglichen.",
        "settings": "Einstellungen",
    },
}


def phone(new_page, language, **options):
    return new_page(newcomer=True, viewport=PHONE, has_touch=True, is_mobile=True, locale=LOCALES[language],
                    **options)


def box(locator):
    expect(locator).to_be_visible()
    found = locator.bounding_box()
    assert found and found["width"] > 0 and found["height"] > 0, found
    return found


@pytest.mark.parametrize("language", ["en", "de"])
def test_start_says_what_peach_is_and_what_each_mode_does_with_comparison_in_thumb_reach(
        new_page, server, language):
    words = START[language]
    page = phone(new_page, language)
    page.goto(server.url("/"))
    wait_for_first_sync(page)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"start-{language}.png"), full_page=True)

    main = page.locator("#main")
    # The first words under the page's name say what Peach is for.
    purpose = page.locator(".start-purpose")
    expect(purpose).to_have_text(words["purpose"])
    assert box(purpose)["y"] < 250
    # Nothing needs the user: the sync line says nothing on Start and takes no room.
    line = page.locator("#sync-status")
    expect(line).to_have_text("")
    assert (line.bounding_box() or {"height": 0})["height"] == 0

    # Two groups, each under its heading, a line between them.
    headings = [box(main.get_by_role("heading", name=name, exact=True)) for name in words["groups"]]
    separator = box(page.locator(".start-modes hr"))
    assert headings[0]["y"] < separator["y"] < headings[1]["y"]

    # Each mode: its button, and right under it the line on what it does, which is also the
    # button's description for a screen reader; the button's name stays the mode's.
    previous_bottom = 0
    for name, summary in words["modes"].items():
        link = main.get_by_role("link", name=name, exact=True)
        button = box(link)
        line_box = box(page.locator(f"#{link.get_attribute('aria-describedby')}"))
        expect(page.locator(f"#{link.get_attribute('aria-describedby')}")).to_have_text(summary)
        assert link.evaluate("(a) => a.ariaDescription ?? null") in (None, summary)
        assert 0 <= line_box["y"] - (button["y"] + button["height"]) <= 12, (name, button, line_box)
        assert button["y"] > previous_bottom, "in their order, one under the other"
        previous_bottom = line_box["y"] + line_box["height"]
        assert button["height"] >= 44 and button["width"] >= 300
        assert button["y"] + button["height"] <= PHONE["height"], f"{name} is on the first screen"

    # Comparison, the first mode, is the large primary button in the lower half of the screen,
    # where the thumb of the hand holding the phone reaches.
    comparison = box(main.get_by_role("link", name=next(iter(words["modes"])), exact=True))
    assert comparison["height"] >= 72, comparison
    assert comparison["y"] + comparison["height"] / 2 >= PHONE["height"] / 2, comparison
    others = [box(main.get_by_role("link", name=name, exact=True)) for name in list(words["modes"])[1:]]
    assert all(comparison["height"] > other["height"] for other in others)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    # Settings still says how sync stands.
    page.get_by_role("link", name=words["settings"]).click()
    expect(page.locator("body")).to_have_attribute("data-page", "settings")
    expect(line).to_have_text(words["synced"])
    box(line)
