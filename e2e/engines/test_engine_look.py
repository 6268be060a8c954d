"""How Peach looks in WebKit on a phone's width (e2e/browser/test_platform_look.py checks the same
in Chromium): a screenshot of every page at a phone's width (390 px, or the narrowest MiniBrowser's
window allows, 447), English and German, light and dark, saved to
`e2e/browser/artifacts/platform/` for a person to look at; the Settings rows' pickers without
the platform's grey boxes; Settings at most 1,800 px tall; on its side, Lower left of Higher.

WebKitGTK takes its colour scheme from the GTK theme, so the dark screenshots come from a WebKit
session of their own started with `GTK_THEME=Adwaita:dark`. The language is the setting's."""

from __future__ import annotations

import pytest

from engine import WebKit
from peach_page import TRAINING_LINKS, PeachPage
from peach_server import ARTIFACTS

PLATFORM = ARTIFACTS / "platform"
PAGES = ["/", *TRAINING_LINKS.values(), "/profile", "/settings", "/info"]
MODES = {path: mode for mode, path in TRAINING_LINKS.items()}


def phone_width(engine, width=390, height=844):
    """The window sized so that the page's viewport is `width` × `height` CSS px, or as near as
    the window allows."""
    engine.driver.set_window_size(width, height)
    inner = engine.run("return [innerWidth, innerHeight];")
    engine.driver.set_window_size(2 * width - inner[0], 2 * height - inner[1])
    return engine.run("return [innerWidth, innerHeight];")


@pytest.fixture
def webkit(request, engine, pulse, display, tmp_path):
    """The session's WebKit for light; a WebKit of its own with GTK's dark theme for dark."""
    if engine.name != "webkit":
        pytest.skip("WebKit's look; Firefox is not asked for")
    if request.param == "light":
        yield engine
        engine.driver.set_window_size(1024, 768)
        return
    dark = WebKit({**pulse.environment(), "DISPLAY": display, "NO_AT_BRIDGE": "1", "GTK_THEME": "Adwaita:dark"},
                  tmp_path / "webkit-dark.log")
    yield dark
    dark.quit()


def shoot(engine, name, scroll_heights=False):
    """The viewport at the top, and, for a page taller than the screen, each screenful down."""
    PLATFORM.mkdir(parents=True, exist_ok=True)
    engine.run("window.scrollTo(0, 0);")
    engine.screenshot(PLATFORM / f"webkit-{name}.png")
    if not scroll_heights:
        return
    height, screen = engine.run("return [document.scrollingElement.scrollHeight, innerHeight];")
    for index, top in enumerate(range(screen, height, screen - 100), start=2):
        engine.run("window.scrollTo(0, arguments[0]);", top)
        engine.wait_for("true")
        engine.screenshot(PLATFORM / f"webkit-{name}-{index}.png")
    engine.run("window.scrollTo(0, 0);")


@pytest.mark.parametrize("webkit", ["light", "dark"], indirect=True)
@pytest.mark.parametrize("language", ["en", "de"])
def test_webkit_screenshots_of_every_page(webkit, server, language, request):
    scheme = request.node.callspec.params["webkit"]
    server.set_settings(language=language, noteDuration=0.3)
    peach = PeachPage(webkit, server)
    peach.open("/")
    size = phone_width(webkit)
    # MiniBrowser's window is at least some 447 px wide (its toolbar): the narrowest it allows.
    assert size[0] <= 450 and size[1] == 844, size
    dark = webkit.run("return matchMedia('(prefers-color-scheme: dark)').matches;")
    assert dark == (scheme == "dark")
    heights = {}
    for path in PAGES:
        name = f"{language}-{scheme}-{path.strip('/') or 'start'}"
        if path in MODES:
            peach.open("/")
            peach.start_training(MODES[path])
        else:
            peach.open(path)
        assert webkit.run("return document.documentElement.lang;") == language
        heights[path] = webkit.run("return document.scrollingElement.scrollHeight;")
        shoot(webkit, name, scroll_heights=path in ("/settings", "/profile"))
    print(f"WebKit {language} {scheme}: page heights at {size[0]}×{size[1]}: {heights}")
    assert heights["/settings"] <= 1800, heights
    # The pickers: the platform's box gone, the value at the end of its row with a chevron.
    peach.open("/settings")
    pickers = webkit.run("""return [...document.querySelectorAll('.group-rows .field > select')].map((select) => {
        const style = getComputedStyle(select);
        return [select.id, style.appearance || style.webkitAppearance, style.backgroundColor,
                style.backgroundImage.includes('chevron-right')]; });""")
    assert pickers and all(p[1] == "none" and p[2] == "rgba(0, 0, 0, 0)" and p[3] for p in pickers), pickers
    # On its side: Lower left of Higher.
    phone_width(webkit, 844, 390)
    peach.open("/")
    peach.start_training("comparison")
    higher, lower = webkit.run("""return ['#answer-higher', '#answer-lower'].map((s) => {
        const box = document.querySelector(s).getBoundingClientRect(); return [box.left, box.top, box.right]; });""")
    shoot(webkit, f"{language}-{scheme}-comparison-landscape")
    assert lower[2] <= higher[0] and abs(lower[1] - higher[1]) <= 1, (lower, higher)
    phone_width(webkit, 1024, 768)
