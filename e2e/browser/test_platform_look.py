"""Peach as an iPhone's own app looks, at every size: the system blue with white text on filled
buttons in both schemes, a large title that becomes the bar's small title on scroll, Settings
rows that show "value ›" and open a picker, a button for the CSV file, Settings short enough
for a phone; at 200 % text a navigation bar of one row, both answers on screen, German words
hyphenated and the chart's labels apart; on a phone on its side Lower left of Higher.

`test_screenshots_of_every_page` saves each page at 390×844, English and German, light and
dark, to `e2e/browser/artifacts/platform/` (WebKit's: e2e/engines/test_engine_look.py).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from device_page import wait_for_device, wait_until_answerable
from peach_server import ARTIFACTS, TRAINING_PAGES
from test_profile import import_fixture, serious_axe_violations

PHONE = {"width": 390, "height": 844}
LOCALES = {"en": "en-US", "de": "de-DE"}
PLATFORM = ARTIFACTS / "platform"
PAGES = ["/", *TRAINING_PAGES, "/profile", "/settings", "/info"]
# The system blue of iOS, light and dark, and white.
SYSTEM_BLUE = {"light": "rgb(0, 122, 255)", "dark": "rgb(10, 132, 255)"}
WHITE = "rgb(255, 255, 255)"
# The reader's text size at 200 %: the page's rem sizes follow the root's.
TEXT_200 = """(function large() {
    if (document.documentElement) document.documentElement.style.setProperty('font-size', '200%');
    else document.addEventListener('readystatechange', large, { once: true });
})()"""
BACK = {"en": "Back to Start", "de": "Zurück zum Start"}


def phone(new_page, language="en", scheme="light", **options):
    return new_page(viewport=PHONE, has_touch=True, is_mobile=True, locale=LOCALES[language],
                    color_scheme=scheme, reduced_motion="reduce", **options)


def open_page(page, server, path):
    """`path` as its own page, rendered by the device; a training page ready for an answer."""
    server.open(page, path)
    name = TRAINING_PAGES.get(path) or {"/": "start"}.get(path, path.strip("/"))
    expect(page.locator("body")).to_have_attribute("data-page", name)
    wait_for_device(page)
    if path in TRAINING_PAGES:
        wait_until_answerable(page)


def scroll_height(page):
    return page.evaluate("document.scrollingElement.scrollHeight")


# ---------- 8. stock iOS ----------


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_filled_buttons_are_the_system_blue_with_white_text(new_page, server, scheme):
    page = phone(new_page, scheme=scheme)
    open_page(page, server, "/")
    for selector in ["#start-comparison"]:
        colours = page.locator(selector).evaluate(
            "e => [getComputedStyle(e).backgroundColor, getComputedStyle(e).color]")
        assert colours == [SYSTEM_BLUE[scheme], WHITE], f"{selector} ({scheme}): {colours}"
    open_page(page, server, "/comparison")
    for selector in ["#answer-higher", "#answer-lower"]:
        colours = page.locator(selector).evaluate(
            "e => [getComputedStyle(e).backgroundColor, getComputedStyle(e).color]")
        assert colours == [SYSTEM_BLUE[scheme], WHITE], f"{selector} ({scheme}): {colours}"


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("language", list(LOCALES))
def test_axe_finds_no_serious_violation_on_any_page(new_page, server, language, scheme):
    """Colours and contrast included: the system blue's white labels, links, the picker rows."""
    import_fixture(server)
    page = phone(new_page, language, scheme)
    problems = []
    for path in PAGES:
        open_page(page, server, path)
        problems += [(path, violation) for violation in serious_axe_violations(page)]
        page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
        if path == "/settings":
            problems += [(path + " scrolled", violation) for violation in serious_axe_violations(page)]
    assert problems == []


@pytest.mark.parametrize("path", ["/settings", "/profile"])
def test_the_large_title_becomes_the_bars_small_title_on_scroll(new_page, server, path):
    import_fixture(server)
    page = phone(new_page)
    open_page(page, server, path)
    assert page.locator("h1").count() == 1
    title = page.locator("h1").inner_text()
    small = page.locator("header .nav-title")
    # At the top: the large title under the bar, the bar's title hidden (and never read: the h1 is).
    expect(small).to_have_attribute("aria-hidden", "true")
    assert small.inner_text() == title
    assert float(small.evaluate("e => getComputedStyle(e).opacity")) == 0
    large = page.locator("h1").bounding_box()
    assert large["height"] >= 36, large  # a large title: 2.125rem
    page.evaluate("window.scrollTo(0, 300)")
    expect(page.locator("body")).to_have_attribute("data-title", "small")
    page.wait_for_function("() => getComputedStyle(document.querySelector('header .nav-title')).opacity === '1'")
    bar = page.locator("header").bounding_box()
    assert bar["y"] == 0, bar  # the bar stays on top of the screen
    box = small.bounding_box()
    assert abs(box["x"] + box["width"] / 2 - PHONE["width"] / 2) <= 2, box  # centred
    assert box["y"] + box["height"] <= bar["y"] + bar["height"]
    page.evaluate("window.scrollTo(0, 0)")
    expect(page.locator("body")).not_to_have_attribute("data-title", "small")


@pytest.mark.parametrize("engine_scheme", ["light", "dark"])
def test_settings_rows_show_the_value_and_a_chevron_and_open_the_picker(new_page, server, engine_scheme):
    page = phone(new_page, scheme=engine_scheme)
    open_page(page, server, "/settings")
    rows = page.evaluate("""() => [...document.querySelectorAll('.group-rows .field')].filter((row) =>
        row.querySelector(':scope > select')).map((row) => {
        row.scrollIntoView({ block: 'center' });
        const select = row.querySelector(':scope > select');
        const label = row.querySelector(':scope > label');
        const style = getComputedStyle(select);
        const rowBox = row.getBoundingClientRect(), selectBox = select.getBoundingClientRect();
        const labelBox = label.getBoundingClientRect();
        const chevron = style.backgroundImage;
        // Where a finger taps the row's right half, and beside the label: the select answers.
        const y = (selectBox.top + selectBox.bottom) / 2;
        const hits = [rowBox.right - 8, (labelBox.right + rowBox.right) / 2].map((x) =>
            document.elementFromPoint(x, y) === select);
        return { id: select.id, appearance: style.appearance, background: style.backgroundColor,
                 border: style.borderTopColor, align: style.textAlign, chevron, hits,
                 valueEnd: selectBox.right };
    })""")
    assert len(rows) >= 7, rows
    for row in rows:
        assert row["appearance"] == "none", row  # no grey box of the platform's
        assert row["background"] == "rgba(0, 0, 0, 0)", row
        assert "chevron-right.svg" in row["chevron"], row
        assert all(row["hits"]), row
    page.locator("#setting-noteDuration").select_option("1.5")
    expect(page.locator("#setting-noteDuration")).to_have_value("1.5")


@pytest.mark.parametrize("language", list(LOCALES))
def test_the_csv_import_is_a_button_that_shows_the_chosen_file(new_page, server, language, tmp_path):
    page = phone(new_page, language)
    open_page(page, server, "/settings")
    file_input = page.locator("#import-file")
    box = file_input.bounding_box()
    assert box is None or box["width"] <= 1, box  # no desktop "Choose File" box
    chooser = page.locator("label.button[for='import-file']")
    expect(chooser).to_be_visible()
    chooser_box = chooser.bounding_box()
    assert chooser_box["height"] >= 44 and chooser_box["width"] >= 44
    name = page.locator("#import-file-name")
    with page.expect_file_chooser() as chosen:
        chooser.click()
    csv = tmp_path / "peach-2026-03-01.csv"
    csv.write_text("peach-csv-v3\n")
    chosen.value.set_files(str(csv))
    expect(name).to_have_text("peach-2026-03-01.csv")
    # The keyboard reaches the chooser, and its focus ring shows on the button.
    page.locator("#export-link").focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "import-file"
    outline = chooser.evaluate("e => getComputedStyle(e).outlineStyle")
    assert outline != "none"


@pytest.mark.parametrize("language", list(LOCALES))
def test_settings_on_a_phone_are_at_most_1800_px_tall(new_page, server, language):
    page = phone(new_page, language)
    open_page(page, server, "/settings")
    height = scroll_height(page)
    print(f"Settings at 390×844, {language}: {height} px")
    assert height <= 1800, height


# ---------- 9. 200 % text ----------


@pytest.mark.parametrize("language", list(LOCALES))
@pytest.mark.parametrize("path", PAGES)
def test_at_200_percent_the_bar_is_one_row(new_page, server, language, path):
    page = phone(new_page, language)
    page.context.add_init_script(TEXT_200)
    open_page(page, server, path)
    boxes = page.evaluate("""() => [...document.querySelectorAll('header nav > *')]
        .filter((e) => e.getClientRects().length).map((e) => {
        const box = e.getBoundingClientRect(); return [box.top, box.bottom, box.left, box.right]; })""")
    # One row: every control's box spans the same line (the back link's text is taller).
    assert max(top for top, *_ in boxes) < min(bottom for _, bottom, *_ in boxes), f"{path}: the bar wraps: {boxes}"
    assert all(left >= 0 and right <= PHONE["width"] for _, _, left, right in boxes), boxes


@pytest.mark.parametrize("language", list(LOCALES))
@pytest.mark.parametrize("path", ["/comparison", "/interval-comparison"])
def test_at_200_percent_both_answers_are_on_screen(new_page, server, language, path):
    page = phone(new_page, language)
    page.context.add_init_script(TEXT_200)
    open_page(page, server, path)
    page.evaluate("window.scrollTo(0, 0)")
    for selector in ["#answer-higher", "#answer-lower"]:
        box = page.locator(selector).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], f"{selector}: {box}"
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], f"{selector}: {box}"
        assert box["height"] >= 44


@pytest.mark.parametrize("path", ["/settings", "/profile", "/info", "/"])
def test_at_200_percent_german_words_hyphenate_instead_of_breaking(new_page, server, path):
    import_fixture(server)
    page = phone(new_page, "de")
    page.context.add_init_script(TEXT_200)
    open_page(page, server, path)
    assert page.evaluate("document.documentElement.lang") == "de"
    body = page.evaluate("(() => { const s = getComputedStyle(document.body); return [s.hyphens, s.overflowWrap]; })()")
    assert body == ["auto", "break-word"], body
    breaking = page.evaluate("""() => [...document.querySelectorAll('body *')].filter((e) => {
        const s = getComputedStyle(e); return s.wordBreak === 'break-all' || s.overflowWrap === 'anywhere'; })
        .map((e) => e.tagName + '#' + e.id + '.' + e.className)""")
    assert breaking == []
    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0


OVERLAPS = """(selector) => {
    const boxes = [...document.querySelectorAll(selector)].map((e) => e.getBoundingClientRect())
        .filter((b) => b.width > 0);
    const overlapping = [];
    boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => {
        if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
            overlapping.push([[a.left, a.right, a.top, a.bottom], [b.left, b.right, b.top, b.bottom]]);
    }));
    return [boxes.length, overlapping];
}"""


@pytest.mark.parametrize("size", ["100", "200"])
@pytest.mark.parametrize("language", list(LOCALES))
def test_the_profile_charts_labels_do_not_overlap(new_page, server, language, size):
    import_fixture(server)
    page = phone(new_page, language)
    if size == "200":
        page.context.add_init_script(TEXT_200)
    open_page(page, server, "/profile")
    for selector in [".profile-chart-full .profile-note-names text", ".profile-chart-full .profile-axis text"]:
        count, overlapping = page.evaluate(OVERLAPS, selector)
        assert count > 0, selector
        assert overlapping == [], f"{selector} at {size} %: {overlapping}"


# ---------- 10. landscape ----------


@pytest.mark.parametrize("size", [(844, 390), (1180, 820)])
@pytest.mark.parametrize("path", ["/comparison", "/interval-comparison"])
def test_on_its_side_lower_is_left_of_higher_as_on_a_keyboard(new_page, server, path, size):
    width, height = size
    page = new_page(viewport={"width": width, "height": height}, has_touch=True, is_mobile=True)
    open_page(page, server, path)
    higher = page.locator("#answer-higher").bounding_box()
    lower = page.locator("#answer-lower").bounding_box()
    assert abs(higher["y"] - lower["y"]) <= 1, (higher, lower)  # side by side
    assert lower["x"] + lower["width"] <= higher["x"], (lower, higher)
    for box in (higher, lower):
        assert box["y"] + box["height"] <= height, box


# ---------- screenshots ----------


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("language", list(LOCALES))
def test_screenshots_of_every_page(new_page, server, language, scheme):
    import_fixture(server)
    page = phone(new_page, language, scheme)
    PLATFORM.mkdir(parents=True, exist_ok=True)
    for path in PAGES:
        open_page(page, server, path)
        name = path.strip("/") or "start"
        page.screenshot(path=str(PLATFORM / f"chromium-{language}-{scheme}-{name}.png"), full_page=True)
        if path == "/settings":
            page.evaluate("window.scrollTo(0, 600)")
            page.wait_for_timeout(300)
            page.screenshot(path=str(PLATFORM / f"chromium-{language}-{scheme}-{name}-scrolled.png"))
            page.evaluate("window.scrollTo(0, 0)")
    for text in ["200"]:
        page.context.add_init_script(TEXT_200)
        for path in ["/comparison", "/settings", "/profile"]:
            open_page(page, server, path)
            page.evaluate(TEXT_200)
            page.screenshot(path=str(PLATFORM / f"chromium-{language}-{scheme}-{path.strip('/')}-{text}.png"),
                            full_page=True)
    page.set_viewport_size({"width": 844, "height": 390})
    for path in ["/comparison", "/interval-comparison", "/pitch-matching"]:
        open_page(page, server, path)
        page.screenshot(path=str(PLATFORM / f"chromium-{language}-{scheme}-{path.strip('/')}-landscape.png"))
