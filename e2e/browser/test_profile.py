"""The profile as a musician meets it: the Profile page and the Start page preview in
English and German, light and dark, phone and tablet — accessible, with screenshots of each
state for a person to look at — and both following training without a restart."""

import pathlib
import re
import urllib.request

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from peach_server import ARTIFACTS
from test_server_pages import CONTROL_SIZES_SCRIPT, large_text_page
from device_page import sync
from test_training import answer_comparisons

VIEWPORTS = {"phone": (390, 844), "tablet": (1024, 1366)}
LOCALES = {"en": "en-US", "de": "de-DE"}

# The fixture of the Swift page tests: C4 10/20/30 cents (30 wrong), fifths from G3 8/12 cents,
# pitch matching +4/−2/+10 cents.
FIXTURE_CSV = pathlib.Path(__file__).resolve().parents[2] / "Tests" / "PeachWebTests" / "Profile" / "ProfilePageTests.swift"

PROFILE_LABEL = {
    "en": re.compile(r"^Perceptual profile showing detection thresholds from C2 to C6\. "),
    "de": re.compile(r"^Wahrnehmungsprofil mit den Unterscheidungsschwellen von C2 bis C6\. "),
}
# The estimate and its interval, as the accessible names read them and as the page shows them.
SPOKEN = {"en": r"\d+\.\d cents, 95 % interval \d+\.\d to \d+\.\d cents",
          "de": r"\d+,\d Cent, 95-%-Intervall \d+,\d bis \d+,\d Cent"}
SHOWN = {"en": re.compile(r"^\d+\.\d cents \(\d+\.\d–\d+\.\d\)$"), "de": re.compile(r"^\d+,\d Cent \(\d+,\d–\d+,\d\)$")}
# The preview's caption, shown under it and said by its accessible name, while notes have no answers.
CAPTION = {
    ("en", "empty"): "Start training to build your profile",
    ("en", "trained"): "Your profile fills in as you train",
    ("de", "empty"): "Beginne mit dem Training, um dein Profil aufzubauen",
    ("de", "trained"): "Dein Profil füllt sich, während du trainierst",
}
PREVIEW_LABEL = {
    ("en", "empty"): re.compile(rf"^Your pitch profile\. {CAPTION['en', 'empty']}\. Tap to view details\.$"),
    ("en", "trained"): re.compile(
        rf"^Your pitch profile\. Threshold: {SPOKEN['en']}\. {CAPTION['en', 'trained']}\. Tap to view details\.$"),
    ("de", "empty"): re.compile(
        rf"^Dein Tonhöhenprofil\. {CAPTION['de', 'empty']}\. Tippe, um die Details zu sehen\.$"),
    ("de", "trained"): re.compile(
        rf"^Dein Tonhöhenprofil\. Schwelle: {SPOKEN['de']}\. {CAPTION['de', 'trained']}\. "
        r"Tippe, um die Details zu sehen\.$"),
}


def fixture_csv():
    """The CSV literal of ProfilePageTests.swift, so both test suites use the same records."""
    source = FIXTURE_CSV.read_text()
    body = source.split('static let fixtureCSV = """\n', 1)[1].split('\n        """', 1)[0]
    return "\n".join(line.strip() for line in body.splitlines()) + "\n"


def import_fixture(server):
    request = urllib.request.Request(
        server.url("/api/import?mode=merge"), data=fixture_csv().encode(), method="POST",
        headers={"Content-Type": "text/csv", "Origin": server.url("")})
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 200


def serious_axe_violations(page):
    results = Axe().run(page)
    return [
        (violation["id"], violation["impact"], [node["target"] for node in violation["nodes"]])
        for violation in results.response["violations"]
        if violation["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("state", ["empty", "trained"])
def test_profile_and_preview_in_both_languages_schemes_and_sizes(new_page, server, state):
    if state == "trained":
        import_fixture(server)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    problems = []
    for language, locale in LOCALES.items():
        for scheme in ("light", "dark"):
            for viewport, (width, height) in VIEWPORTS.items():
                page = new_page(locale=locale, viewport={"width": width, "height": height}, color_scheme=scheme)
                where = f"{state} {language} {scheme} {viewport}"

                page.goto(server.url("/"))
                preview = page.get_by_role("link", name=PREVIEW_LABEL[(language, state)])
                expect(preview).to_be_visible()
                expect(preview.locator(".profile-preview-caption")).to_have_text(CAPTION[(language, state)])
                expect(preview.locator(".profile-preview-caption")).to_be_visible()
                page.screenshot(path=str(ARTIFACTS / f"start-preview-{state}-{language}-{scheme}-{viewport}.png"), full_page=True)
                problems += [f"{where} /: axe {v}" for v in serious_axe_violations(page)]

                preview.click()
                expect(page).to_have_url(server.url("/profile"))
                expect(page.locator("body")).to_have_attribute("data-page", "profile")
                chart = page.get_by_role("img", name=PROFILE_LABEL[language])
                expect(chart).to_be_visible()
                # The drawing takes the width of the page's column.
                box, column = chart.bounding_box(), page.locator("main").evaluate("main => main.clientWidth")
                if box["width"] < column - 48:
                    problems.append(f"{where}: the drawing is {box['width']:.0f} px wide in a {column} px column")
                # One timeline per comparison mode trained (the fixture trains both), one when empty.
                timelines = page.locator(".timeline-chart")
                expect(timelines).to_have_count(1 if state == "empty" else 2)
                for timeline in timelines.all():
                    expect(timeline).to_be_visible()
                if state == "empty":
                    expect(page.locator(".profile-empty-state")).to_be_visible()
                    expect(page.locator(".profile-threshold dd").first).to_have_text("—")
                else:
                    # The Comparison mode's threshold now, with its interval.
                    expect(page.locator(".profile-threshold dd").first).to_have_text(SHOWN[language])
                    # "Recent weeks" (one per comparison mode trained) shows the disclosure
                    # triangle (a summary has it as a list item only) and opens the table; overflow
                    # is then measured with them open.
                    summaries = page.locator(".timeline-details summary")
                    expect(summaries).to_have_count(2)
                    for summary in summaries.all():
                        assert summary.evaluate("s => getComputedStyle(s).display") == "list-item", where
                        summary.click()
                    for table in page.locator(".timeline-table").all():
                        expect(table).to_be_visible()
                page.screenshot(path=str(ARTIFACTS / f"profile-{state}-{language}-{scheme}-{viewport}.png"), full_page=True)
                problems += [f"{where} /profile: axe {v}" for v in serious_axe_violations(page)]
                overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
                if overflow > 0:
                    problems.append(f"{where} /profile overflows horizontally by {overflow}px")
                problems += [f"{where} /profile: small control {c}" for c in page.evaluate(CONTROL_SIZES_SCRIPT)]
                page.context.close()
    assert problems == []


def test_ten_answers_change_the_preview_and_the_profile_without_a_restart(page, server):
    page.goto(server.url("/"))
    expect(page.get_by_role("link", name=PREVIEW_LABEL[("en", "empty")])).to_be_visible()

    answer_comparisons(page, server, "Comparison", 10)
    # The Profile button of the training page leaves it: training stops, nothing more is recorded.
    page.get_by_role("link", name="Profile", exact=True).click()
    expect(page).to_have_url(server.url("/profile"))
    comparison = page.locator('.profile-mode[data-mode="comparison"]')
    answers = comparison.locator("dt", has_text="Answers").locator("xpath=following-sibling::dd")
    expect(answers).to_have_text("10")
    expect(comparison.locator("dd").first).to_have_text(SHOWN["en"])
    label = page.get_by_role("img", name=re.compile(rf"^Perceptual profile .* Threshold: ({SPOKEN['en']})\.$"))
    expect(label).to_be_visible()
    spoken = re.search(rf"Threshold: ({SPOKEN['en']})\.$", label.get_attribute("aria-label")).group(1)
    sync(page)
    assert server.count("comparisonRecord") == 10

    page.get_by_role("link", name="Back to Start", exact=True).click()
    expect(page.get_by_role(
        "link", name=f"Your pitch profile. Threshold: {spoken}. {CAPTION['en', 'trained']}. Tap to view details.",
        exact=True)).to_be_visible()


# The contrast ratio (WCAG 2) of the band against the page and of the mean line against the
# band, from the computed styles: fill, fill-opacity and the body's background.
CONTRAST_SCRIPT = """() => {
    const rgb = text => text.match(/[\\d.]+/g).slice(0, 3).map(Number);
    const luminance = ([r, g, b]) => {
        const linear = c => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    const ratio = (a, b) => {
        const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
        return (x + 0.05) / (y + 0.05);
    };
    const blend = (top, alpha, bottom) => top.map((c, i) => alpha * c + (1 - alpha) * bottom[i]);
    const page = rgb(getComputedStyle(document.body).backgroundColor);
    const bandStyle = getComputedStyle(document.querySelector('.profile-band'));
    const band = blend(rgb(bandStyle.fill), parseFloat(bandStyle.fillOpacity), page);
    const line = rgb(getComputedStyle(document.querySelector('.profile-mean')).stroke);
    return {band: ratio(band, page), line: ratio(line, band)};
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_band_stands_out_from_the_page_and_the_mean_line_from_the_band(new_page, server, scheme):
    import_fixture(server)
    page = new_page(color_scheme=scheme)
    page.goto(server.url("/profile"))
    contrast = page.evaluate(CONTRAST_SCRIPT)
    assert contrast["band"] >= 3, f"band {contrast['band']:.2f}:1 against the page ({scheme})"
    assert contrast["line"] >= 3, f"mean line {contrast['line']:.2f}:1 against the band ({scheme})"


def import_answers(server, notes):
    """One right answer at 50 cents at each reference note, a minute apart: an early profile."""
    header = "".join(fixture_csv().splitlines(keepends=True)[:2])
    rows = "".join(f"pitchDiscrimination,2026-03-01T10:0{index}:00Z,{note},,{note},,P1,equalTemperament,50,true,,,,,,,,,\n"
                   for index, note in enumerate(notes))
    request = urllib.request.Request(
        server.url("/api/import?mode=merge"), data=(header + rows).encode(), method="POST",
        headers={"Content-Type": "text/csv", "Origin": server.url("")})
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 200


# The preview's geometry in CSS pixels: the track, the white keys, each column of the band.
PREVIEW_BOXES_SCRIPT = """preview => {
    const box = element => { const r = element.getBoundingClientRect(); return {width: r.width, height: r.height}; };
    return {
        track: box(preview.querySelector('.profile-track')),
        whiteKey: box(preview.querySelector('.profile-keys-white rect')),
        columns: [...preview.querySelectorAll('.profile-band path')].map(box),
    };
}"""
# The band against the track it lies on, the track blended over the page.
TRACK_CONTRAST_SCRIPT = CONTRAST_SCRIPT.replace(
    "return {band: ratio(band, page), line: ratio(line, band)};",
    """const trackStyle = getComputedStyle(document.querySelector('.profile-track'));
    const track = blend(rgb(trackStyle.fill), parseFloat(trackStyle.fillOpacity), page);
    return {band: ratio(band, track), line: ratio(line, band)};""")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_an_early_preview_is_columns_on_a_track_with_a_caption_not_scattered_dashes(new_page, server, scheme):
    # Three answers at three notes far apart: each note's band is a column over its key, wide
    # (tall) while it is uncertain, on a quiet track over the whole plot, and a caption says the
    # picture fills in.
    import_answers(server, [48, 60, 72])
    page = new_page(viewport={"width": 390, "height": 844}, color_scheme=scheme)
    page.goto(server.url("/"))
    preview = page.get_by_role("link", name=PREVIEW_LABEL[("en", "trained")])
    expect(preview).to_be_visible()
    caption = preview.locator(".profile-preview-caption")
    expect(caption).to_be_visible()
    expect(caption).to_have_text(CAPTION[("en", "trained")])
    assert caption.bounding_box()["height"] > 0
    page.screenshot(path=str(ARTIFACTS / f"start-preview-three-answers-{scheme}.png"), full_page=True)

    boxes = preview.evaluate(PREVIEW_BOXES_SCRIPT)
    chart_width = preview.locator("svg").bounding_box()["width"]
    assert boxes["track"]["width"] >= 0.95 * chart_width, boxes
    assert len(boxes["columns"]) == 3, boxes
    for column in boxes["columns"]:
        assert column["width"] >= 0.95 * boxes["whiteKey"]["width"], f"a dash, not a column: {boxes}"
        assert column["height"] >= 0.25 * boxes["track"]["height"], f"one answer is a wide interval: {boxes}"
    contrast = page.evaluate(TRACK_CONTRAST_SCRIPT)
    assert contrast["band"] >= 3, f"band {contrast['band']:.2f}:1 against the track ({scheme})"
    assert serious_axe_violations(page) == []


def test_chart_labels_grow_with_the_text_size(new_page, server):
    import_fixture(server)
    heights = {}
    for percent, size in ((100, 16), (200, 32)):
        page = large_text_page(new_page, size, viewport={"width": 390, "height": 844})
        page.goto(server.url("/profile"))
        heights[percent] = [
            page.locator(selector).first.evaluate("text => text.getBoundingClientRect().height")
            for selector in (".profile-axis text", ".profile-note-names text", ".timeline-axis text")
        ]
        page.context.close()
    for small, large in zip(heights[100], heights[200]):
        assert large >= 1.8 * small, heights
