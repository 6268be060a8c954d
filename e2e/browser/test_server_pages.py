"""Every page, as a person (or a screen reader) meets it: accessible, translated, and usable
at phone and tablet sizes."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe

from peach_server import ARTIFACTS, DEVICE_PAGES, TRAINING_PAGES

# The app's pages: Start, the training pages, Settings, Info, Profile — every page a device renders
# itself, from the server's route table (a page added to PageRoute is tested here as it is).
PAGES = list(DEVICE_PAGES)
VIEWPORTS = {"phone-portrait": (390, 844), "phone-landscape": (844, 390), "tablet-portrait": (1024, 1366)}

# Texts that are the same in English and German: names, units, the keys' names, numbers with
# units and the note names both languages spell alike (B and the sharps differ: B4 is H4, C♯4 is Cis4 in German).
SAME_IN_BOTH = re.compile(
    r"^(Peach|Info|Start|Version|MIT|Esc|Enter|Tempo|[HL↑↓←→]|[0-9]+([.,][0-9]+)? ?(Hz|s|ms|dB|BPM)|Hz|ms|s|dB|Cent|Cents|Sinus|Training|Trend|Oboe|—|[-+−–·×/:.,()0-9 %]+|[ACDEFG]-?\d( *[–-] *[ACDEFG]-?\d)?|"
    r"P1|m2|M2|m3|M3|P4|d5|P5|m6|M6|m7|M7|P8|v?\d+\.\d+\.\d+.*|.*©.*|.*\bPeach\b.*developers?.*)$")

TEXTS_SCRIPT = """() => {
    const texts = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
        const text = walker.currentNode.textContent.trim();
        if (text && !walker.currentNode.parentElement.closest('script,style')) texts.push(text);
    }
    for (const element of document.querySelectorAll('[aria-label],[title],[alt],[placeholder],[aria-valuetext]')) {
        for (const name of ['aria-label', 'title', 'alt', 'placeholder', 'aria-valuetext']) {
            const value = element.getAttribute(name);
            if (value && value.trim()) texts.push(value.trim());
        }
    }
    for (const element of document.querySelectorAll('*')) {
        for (const name of element.getAttributeNames().filter(n => n.startsWith('data-msg-'))) texts.push(element.getAttribute(name));
    }
    texts.push(document.title);
    return texts;
}"""


@pytest.mark.parametrize("path", PAGES)
def test_german_pages_have_no_english_left(new_page, server, path):
    pages = {}
    for locale in ("en-US", "de-DE"):
        page = new_page(locale=locale)
        server.open(page, path)
        pages[locale] = (page.evaluate("document.documentElement.lang"), page.evaluate(TEXTS_SCRIPT))
        page.context.close()
    assert pages["en-US"][0] == "en" and pages["de-DE"][0] == "de"
    english = {text for text in pages["en-US"][1] if not SAME_IN_BOTH.match(text)}
    left = sorted(text for text in pages["de-DE"][1] if text in english)
    assert left == [], f"English texts on the German page {path}: {left}"


@pytest.mark.parametrize("path", PAGES)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_or_critical_violation(new_page, server, path, scheme):
    # Reduced motion: no colour transition (a button being enabled) half-way through the audit.
    page = new_page(color_scheme=scheme, reduced_motion="reduce")
    server.open(page, path)
    results = Axe().run(page)
    page.context.close()
    serious = [
        (violation["id"], violation["impact"], [node["target"] for node in violation["nodes"]])
        for violation in results.response["violations"]
        if violation["impact"] in ("serious", "critical")
    ]
    assert serious == [], f"axe on {path} ({scheme}): {serious}"


CONTROL_SIZES_SCRIPT = """() => {
    const small = [];
    const controls = document.querySelectorAll('a[href], button, input, select, textarea, [role=slider], summary');
    for (const control of controls) {
        const style = getComputedStyle(control);
        if (control.closest('[hidden]') || style.display === 'none' || style.visibility === 'hidden') continue;
        // A checkbox, radio button or file input is operated through its label (around it, or
        // naming it with for=): the label is the target.
        const label = control.closest('label') ?? control.labels?.[0];
        const target = (control.type === 'checkbox' || control.type === 'radio' || control.type === 'file') && label
            ? label : control;
        const box = target.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) continue;
        if (box.width < 44 || box.height < 44) {
            small.push(`${control.tagName.toLowerCase()}#${control.id || control.name || control.textContent.trim().slice(0, 20)} ${Math.round(box.width)}×${Math.round(box.height)}`);
        }
    }
    return small;
}"""


@pytest.mark.parametrize("path", PAGES)
@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_no_horizontal_overflow_and_every_control_is_large_enough(new_page, server, path, viewport):
    width, height = VIEWPORTS[viewport]
    page = new_page(viewport={"width": width, "height": height})
    server.open(page, path)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    name = (path.strip("/") or "start").replace("/", "-")
    page.screenshot(path=str(ARTIFACTS / f"{name}-{viewport}.png"), full_page=True)
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    small = page.evaluate(CONTROL_SIZES_SCRIPT)
    page.context.close()
    assert overflow <= 0, f"{path} overflows horizontally by {overflow}px at {width}×{height}"
    assert small == [], f"controls under 44×44 px on {path} at {width}×{height}: {small}"


@pytest.mark.parametrize("path", list(TRAINING_PAGES))
@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_training_page_fits_one_screen(new_page, server, path, viewport):
    # While training nobody scrolls: the answer controls and the feedback that follows an
    # answer must both be on screen, a phone on its side included.
    width, height = VIEWPORTS[viewport]
    page = new_page(viewport={"width": width, "height": height})
    server.open(page, path)
    boxes = page.evaluate("""() => ['.answers', '#pitch-slider', '#tap', '#target-interval', '#feedback']
        .map(selector => document.querySelector(selector))
        .filter(element => element)
        .map(element => { const box = element.getBoundingClientRect();
                          return [element.id || element.className, Math.round(box.top), Math.round(box.bottom)]; })""")
    page.context.close()
    off_screen = [box for box in boxes if box[1] < 0 or box[2] > height]
    assert len(boxes) == (3 if "interval" in path else 2)
    assert off_screen == [], f"{path} at {width}×{height}: not on screen (id, top, bottom): {off_screen}"


# Words (split at spaces, hyphens, dashes, slashes and soft hyphens, where a line may break) of
# which a line holds a single character: at a large text size a too-narrow column puts a number
# a digit a line. (A long German compound broken once, at 200 %, is the designed fallback.)
SINGLE_CHARACTER_LINES_SCRIPT = """() => {
    const broken = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
        const node = walker.currentNode;
        const parent = node.parentElement;
        if (parent.closest('script,style,svg,[hidden],.visually-hidden') || !parent.getClientRects().length) continue;
        for (const match of node.textContent.matchAll(/[^\\s\\-‐–—\\/\\u00ad]{2,}/g)) {
            const lines = new Map();
            for (let i = 0; i < match[0].length; i++) {
                const range = document.createRange();
                range.setStart(node, match.index + i);
                range.setEnd(node, match.index + i + 1);
                // The first character after a break can also report the end of the line before.
                const rects = [...range.getClientRects()].filter(r => r.width > 0);
                if (!rects.length) continue;
                const top = Math.round(rects[rects.length - 1].top);
                lines.set(top, (lines.get(top) ?? 0) + 1);
            }
            if (lines.size > 1 && [...lines.values()].includes(1)) broken.push(match[0]);
        }
    }
    return broken;
}"""


def large_text_page(new_page, size=32, **options):
    """A page whose browser text size is `size` px (32: 200 %), set as Chromium's default font size
    as its text-size setting does, so rem, em and media queries all follow it. A full-page
    screenshot resets it: take one last."""
    page = new_page(**options)
    page.context.new_cdp_session(page).send(
        "Page.setFontSizes", {"fontSizes": {"standard": size, "fixed": size * 13 // 16}})
    return page


@pytest.mark.parametrize("path", PAGES)
@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_at_200_percent_text_a_phone_neither_scrolls_sideways_nor_wraps_a_character_per_line(new_page, server, path, locale):
    if path == "/profile":
        from test_profile import import_fixture  # test_profile imports this module

        import_fixture(server)
    page = large_text_page(new_page, locale=locale, viewport={"width": 390, "height": 844})
    page.goto(server.url(path))
    assert page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)") == 32
    if path == "/profile":
        for summary in page.locator(".timeline-details summary").all():
            summary.click()  # the recent weeks' tables too
    assert page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)") == 32  # still
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    broken = page.evaluate(SINGLE_CHARACTER_LINES_SCRIPT)
    # Last: a full-page screenshot resets Chromium's font-size setting.
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    name = (path.strip("/") or "start").replace("/", "-")
    page.screenshot(path=str(ARTIFACTS / f"{name}-200-percent-{locale}.png"), full_page=True)
    assert overflow <= 0, f"{path} ({locale}) at 200 % text overflows horizontally by {overflow}px"
    assert broken == [], f"{path} ({locale}) at 200 % text puts single characters on a line: {broken}"
