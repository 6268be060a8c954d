"""The first minute a new user spends in Peach, on a 390 px phone, in English and German: Start
says what Peach is for and what each mode does, Comparison in thumb reach; the training pages
say whose turn it is and answer an early tap; a wrong answer is heard where the device cannot
vibrate; pitch matching's feedback speaks a tuner's words. Screenshots go to
`e2e/browser/artifacts/first_minute/`."""

import pathlib

import pytest
from playwright.sync_api import expect

from device_page import answers, exercise, record_answers, settings, wait_for_first_sync, wait_for_loop_state, wait_for_setting

ARTIFACTS = pathlib.Path(__file__).resolve().parent / "artifacts" / "first_minute"
PHONE = {"width": 390, "height": 844}
LOCALES = {"en": "en-US", "de": "de-DE"}

START = {
    "en": {
        "purpose": "Train your ear for intonation: hear two notes, say which is higher, or tune one to the other.",
        "groups": ["Pitch", "Intervals", "Rhythm"],
        "modes": {
            "Comparison": "Two notes: was the second higher or lower?",
            "Pitch Matching": "Hear a note, then slide the second to match it.",
            "Interval Comparison": "An interval: was the second note sharp or flat?",
            "Interval Pitch Matching": "Slide the second note until the interval is in tune.",
            "Compare Timing": "Four clicks: was the fourth early or late?",
            "Fill the Gap": "A loop of clicks with one silent: tap it.",
        },
        "synced": "Synced with Peach.",
        "settings": "Settings",
    },
    "de": {
        "purpose": "Trainiere dein Gehör für saubere Intonation: Hör zwei Töne und sag, welcher höher ist, oder "
                   "stimm den einen auf den anderen.",
        "groups": ["Tonhöhe", "Intervalle", "Rhythmus"],
        "modes": {
            "Tonvergleich": "Zwei Töne: War der zweite höher oder tiefer?",
            "Ton treffen": "Hör einen Ton und schieb den zweiten dorthin.",
            "Intervall\u00advergleich": "Ein Intervall: Zweiter Ton zu hoch oder zu tief?",
            "Intervall treffen": "Schieb den zweiten Ton, bis das Intervall stimmt.",
            "Timing vergleichen": "Vier Klicks: Kam der vierte zu früh oder zu spät?",
            "Lücke füllen": "Klicks in einer Schleife, einer still: Tipp ihn.",
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

    # Three groups, each under its heading, a line between each two.
    headings = [box(main.get_by_role("heading", name=name, exact=True)) for name in words["groups"]]
    separators = page.locator(".start-modes hr")
    expect(separators).to_have_count(len(headings) - 1)
    for index in range(len(headings) - 1):
        assert headings[index]["y"] < box(separators.nth(index))["y"] < headings[index + 1]["y"]

    # Each mode: its button, and right under it the line on what it does, which is also the
    # button's description for a screen reader; the button's name stays the mode's. The pitch
    # and interval modes are on the first screen; the rhythm modes follow them, a scroll away.
    previous_bottom = 0
    for index, (name, summary) in enumerate(words["modes"].items()):
        link = main.get_by_role("link", name=name, exact=True)
        button = box(link)
        line_box = box(page.locator(f"#{link.get_attribute('aria-describedby')}"))
        expect(page.locator(f"#{link.get_attribute('aria-describedby')}")).to_have_text(summary)
        assert link.evaluate("(a) => a.ariaDescription ?? null") in (None, summary)
        assert 0 <= line_box["y"] - (button["y"] + button["height"]) <= 12, (name, button, line_box)
        assert button["y"] > previous_bottom, "in their order, one under the other"
        previous_bottom = line_box["y"] + line_box["height"]
        assert button["height"] >= 44 and button["width"] >= 300
        if index < 4:
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


TURN = {
    "en": {"listen": "Listen…", "comparison": "Your turn: higher or lower?",
           "pitch": "Your turn: tune the note, then let go.", "wait": "Wait for the second note.",
           "Comparison": "Comparison", "Pitch Matching": "Pitch Matching"},
    "de": {"listen": "Hör zu …", "comparison": "Du bist dran: höher oder tiefer?",
           "pitch": "Du bist dran: Stimm den Ton und lass los.", "wait": "Warte auf den zweiten Ton.",
           "Comparison": "Tonvergleich", "Pitch Matching": "Ton treffen"},
}

STYLE = """(e) => { const s = getComputedStyle(e);
    return { background: s.backgroundColor, border: parseFloat(s.borderTopWidth), animation: s.animationName }; }"""


def transparent(colour):
    return colour in ("transparent", "rgba(0, 0, 0, 0)")


def settled(locator):
    """The control's style once its colour transition (a quarter of a second) has run."""
    locator.page.wait_for_function("""(e) => e.getAnimations().every((a) => a.playState !== 'running'
        || a.animationName === 'early-shake')""", arg=locator.element_handle())
    return locator.evaluate(STYLE)


def listening(page):
    wait_for_loop_state(page, "playingReference")


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_turn_is_unmistakable_and_an_early_tap_is_answered_with_a_sign(new_page, server, language):
    """While the first note plays Higher and Lower are outlined and the page says "Listen…" to a
    screen reader; a tap then is not lost without a sign: the button shakes and "Wait for the
    second note." shows for a moment, and nothing is answered. Once the second note plays the
    buttons are filled and the page says it is the user's turn."""
    words = TURN[language]
    server.set_settings(noteDuration=2.0)
    page = new_page(viewport=PHONE, has_touch=True, is_mobile=True, locale=LOCALES[language])
    page.goto(server.url("/"))
    wait_for_first_sync(page)
    page.get_by_role("link", name=words["Comparison"], exact=True).click()
    listening(page)
    record_answers(page)
    higher, turn, early = page.locator("#answer-higher"), page.locator("#turn"), page.locator("#early-answer")
    expect(turn).to_have_text(words["listen"])
    outlined = settled(higher)
    assert transparent(outlined["background"]) and outlined["border"] >= 3, outlined

    button = box(higher)
    page.touchscreen.tap(button["x"] + button["width"] / 2, button["y"] + button["height"] / 2)
    expect(early).to_have_text(words["wait"])
    shown = box(early)
    assert 0 <= shown["y"] and shown["y"] + shown["height"] <= PHONE["height"] and shown["width"] <= PHONE["width"]
    assert shown["y"] + shown["height"] <= button["y"], "the line covers no part of the answer buttons"
    assert early.get_attribute("role") == "status"
    assert higher.evaluate(STYLE)["animation"] == "early-shake"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"comparison-early-{language}.png"))
    assert answers(page) == [], "an early tap answers nothing"

    expect(higher).to_be_enabled(timeout=10_000)
    expect(turn).to_have_text(words["comparison"])
    assert turn.get_attribute("aria-live") is None, "the first exercise's turns are spoken"
    expect(early).to_be_hidden()
    filled = settled(higher)
    assert not transparent(filled["background"]), filled
    page.screenshot(path=str(ARTIFACTS / f"comparison-turn-{language}.png"))

    # The next exercise: its turns are shown and kept in words, no longer spoken over its notes.
    higher.click()
    expect(turn).to_have_text(words["listen"])
    expect(turn).to_have_attribute("aria-live", "off")


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_pitch_slider_is_an_outline_while_the_first_note_plays_and_an_early_move_is_told(
        new_page, server, language):
    words = TURN[language]
    server.set_settings(noteDuration=2.0)
    page = new_page(viewport=PHONE, has_touch=True, is_mobile=True, locale=LOCALES[language],
                    reduced_motion="reduce")
    page.goto(server.url("/"))
    wait_for_first_sync(page)
    page.get_by_role("link", name=words["Pitch Matching"], exact=True).click()
    listening(page)
    slider, thumb = page.locator("#pitch-slider"), page.locator("#pitch-slider .thumb")
    turn, early = page.locator("#turn"), page.locator("#early-answer")
    expect(turn).to_have_text(words["listen"])
    outlined = thumb.evaluate(STYLE)
    assert transparent(outlined["background"]) and outlined["border"] >= 3, outlined
    page.keyboard.press("ArrowUp")  # too early: the slider does not move, the page says why
    expect(early).to_have_text(words["wait"])
    assert box(early)["y"] + box(early)["height"] <= box(slider)["y"], "the line covers no part of the slider"
    assert slider.get_attribute("aria-valuenow") == "0"
    assert thumb.evaluate(STYLE)["animation"] == "none", "no shake where motion is reduced"
    page.screenshot(path=str(ARTIFACTS / f"pitch-early-{language}.png"))

    expect(slider).to_have_attribute("aria-disabled", "false", timeout=10_000)
    expect(turn).to_have_text(words["pitch"])
    expect(early).to_be_hidden()
    assert not transparent(thumb.evaluate(STYLE)["background"])


NO_VIBRATION = "delete Navigator.prototype.vibrate;"  # as Safari on an iPhone


def answer_comparison(page, right):
    """Answers the playing comparison rightly or not, by key; returns the notes scheduled from
    the answer until its feedback showed."""
    import audio_probe
    expect(page.locator("#answer-higher")).to_be_enabled(timeout=10_000)
    current = exercise(page)
    higher = current["target"]["frequency"] > current["reference"]["frequency"]
    before = len(audio_probe.notes(page))
    page.keyboard.press("ArrowUp" if higher == right else "ArrowDown")
    expect(page.locator("#feedback")).to_have_attribute("data-state", "correct" if right else "incorrect")
    return audio_probe.notes(page)[before:]


def noise(notes):
    return [note for note in notes if note.sound == "sample" and note.root_frequency == 1]


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_wrong_answer_is_heard_where_the_device_cannot_vibrate_until_the_user_chooses(new_page, server, language):
    """No `navigator.vibrate` (an iPhone): the wrong-answer sound is on without being chosen, and
    the Settings switch shows it on; a device that vibrates stays silent. Switched off, it stays
    off (a choice, synced)."""
    import audio_probe
    server.set_settings(noteDuration=0.3)
    page = new_page(viewport=PHONE, has_touch=True, is_mobile=True, locale=LOCALES[language])
    page.add_init_script(NO_VIBRATION)
    audio_probe.install(page)
    page.goto(server.url("/"))
    wait_for_first_sync(page)
    assert page.evaluate("'vibrate' in navigator") is False
    assert settings(page)["wrongAnswerSound"] == "auto"
    page.get_by_role("link", name=TURN[language]["Comparison"], exact=True).click()
    (sound,) = noise(answer_comparison(page, right=False))
    assert 0.09 <= sound.end - sound.start <= 0.11
    assert noise(answer_comparison(page, right=True)) == []

    page.get_by_role("link", name=START[language]["settings"]).click()
    switch = page.locator("#setting-wrongAnswerSound")
    expect(switch).to_be_checked()
    box(switch.locator("xpath=ancestor::label"))
    switch.click()  # the user's choice: off
    expect(switch).not_to_be_checked()
    wait_for_setting(page, "wrongAnswerSound", "false")
    page.get_by_role("link", name="Start" if language == "en" else "Start").first.click()
    page.get_by_role("link", name=TURN[language]["Comparison"], exact=True).click()
    assert noise(answer_comparison(page, right=False)) == [], "chosen off: off"


def test_a_device_that_vibrates_feels_a_wrong_answer_and_hears_nothing_by_default(new_page, server):
    import audio_probe
    server.set_settings(noteDuration=0.3)
    page = new_page(viewport=PHONE, has_touch=True, is_mobile=True)
    page.add_init_script("window.__vibrations = []; navigator.vibrate = (ms) => { window.__vibrations.push(ms); return true; };")
    audio_probe.install(page)
    page.goto(server.url("/"))
    wait_for_first_sync(page)
    page.get_by_role("link", name="Comparison", exact=True).click()
    assert noise(answer_comparison(page, right=False)) == []
    assert page.evaluate("window.__vibrations") == [50]
