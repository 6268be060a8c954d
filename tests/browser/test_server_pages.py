"""Every page, as a person (or a screen reader) meets it: accessible, translated, and usable
at phone and tablet sizes."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe

from peach_server import ARTIFACTS

PAGES = ["/", "/comparison", "/interval-comparison", "/pitch-matching", "/interval-pitch-matching", "/settings", "/info", "/profile"]
VIEWPORTS = {"phone-portrait": (390, 844), "phone-landscape": (844, 390), "tablet-portrait": (1024, 1366)}

# Texts that are the same in English and German: names, units, numbers with units and the note
# names both languages spell alike (B and the sharps differ: B4 is H4, C♯4 is Cis4 in German).
SAME_IN_BOTH = re.compile(
    r"^(Peach|Info|Start|Version|MIT|[0-9]+([.,][0-9]+)? ?(Hz|s|ms|dB)|Hz|ms|s|dB|Cent|Cents|Sinus|Training|Trend|—|[-+−–·×/:.,()0-9 %]+|[ACDEFG]-?\d( *[–-] *[ACDEFG]-?\d)?|"
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
    for (const element of document.querySelectorAll('[data-msg-interrupted]')) {
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
        // A checkbox or radio button is operated through its label: the label is the target.
        const target = (control.type === 'checkbox' || control.type === 'radio' || control.type === 'file') && control.closest('label')
            ? control.closest('label') : control;
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


TRAINING_PAGES = ["/comparison", "/interval-comparison", "/pitch-matching", "/interval-pitch-matching"]


@pytest.mark.parametrize("path", TRAINING_PAGES)
@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_training_page_fits_one_screen(new_page, server, path, viewport):
    # While training nobody scrolls: the answer controls and the feedback that follows an
    # answer must both be on screen, a phone on its side included.
    width, height = VIEWPORTS[viewport]
    page = new_page(viewport={"width": width, "height": height})
    server.open(page, path)
    boxes = page.evaluate("""() => ['.answers', '#pitch-slider', '#target-interval', '#feedback']
        .map(selector => document.querySelector(selector))
        .filter(element => element)
        .map(element => { const box = element.getBoundingClientRect();
                          return [element.id || element.className, Math.round(box.top), Math.round(box.bottom)]; })""")
    page.context.close()
    off_screen = [box for box in boxes if box[1] < 0 or box[2] > height]
    assert len(boxes) == (3 if "interval" in path else 2)
    assert off_screen == [], f"{path} at {width}×{height}: not on screen (id, top, bottom): {off_screen}"
