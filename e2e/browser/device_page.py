"""What the browser tests read of and do with the device's Peach in a page, through the one test
hook app.js gives, `window.peach` (its whole surface is documented at `App.testHook`): its core,
its store, its sync. Reading is through the page's own objects, as the app uses them; nothing
here changes how the app behaves."""

from playwright.sync_api import expect

# Every training mode's hint marked as seen before the page's scripts run (docs/pages.md
# "Training pages"): a test that trains starts at once, as a returning user does. The tests of
# the hint itself (test_first_run.py) meet the hints as a newcomer does.
HINTS_SEEN_SCRIPT = """try {
  localStorage.setItem('peach.hintsSeen',
    JSON.stringify(['comparison', 'pitchMatching', 'intervalComparison', 'intervalPitchMatching']));
} catch { /* a page without storage */ }"""


def returning_user(context):
    """The browser context as a returning user's: every mode's hint seen. Returns the context."""
    context.add_init_script(HINTS_SEEN_SCRIPT)
    return context


def wait_for_device(page):
    """Until the device's Peach is open (or has said it cannot open)."""
    page.wait_for_function("() => window.peach && (window.peach.device !== null || window.peach.deviceError !== null)")


def wait_for_first_sync(page):
    """Until the device has finished its first sync (settings and profile from the server)."""
    wait_for_device(page)
    page.wait_for_function("() => window.peach.syncStatus !== null")


def sync(page):
    """Runs a sync now and waits for it: the answers go up, the server's profile comes down."""
    page.evaluate("() => window.peach.syncNow()")
    return page.evaluate("window.peach.syncStatus")


def exercise(page):
    """The exercise the page is playing, as the core gave it to the audio engine."""
    return page.evaluate("window.peach.loop.exercise")


def record_answers(page):
    """From now on, keeps each answer value the page gives the device (`window.__answers`)."""
    page.evaluate("""() => {
        const device = window.peach.device;
        const answer = device.answer.bind(device);
        window.__answers = [];
        device.answer = (value) => { window.__answers.push(value); return answer(value); };
    }""")


def answers(page):
    return page.evaluate("window.__answers")


def device_records(page, state=None):
    """The records in the device's store (oldest first): id, numbers, state."""
    records = page.evaluate("(state) => window.peach.device.store.records(state ?? undefined)", state)
    return sorted(records, key=lambda record: record["numbers"][1])


def profile_terms(page):
    """The Profile page's summary as shown: {mode: {term: value}} of each mode's description list."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#main .profile-mode')]
        .map((section) => [section.dataset.mode, Object.fromEntries([...section.querySelectorAll('dl > div')]
            .map((row) => [row.querySelector('dt').textContent, row.querySelector('dd').textContent]))]))""")


def start_mode(page, server, link_name):
    """Start → the mode's button, as a person does, once the device has synced; returns the
    first exercise once it plays."""
    page.goto(server.url("/"))
    wait_for_first_sync(page)
    page.get_by_role("link", name=link_name, exact=True).click()
    page.wait_for_function("() => window.peach.loop?.exercise")
    return exercise(page)
