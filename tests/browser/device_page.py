"""What the browser tests read of and do with the device's Peach in a page (app.js exposes
the app as `window.peach`): its core, its store, its sync. Reading is through the page's own
objects, as the app uses them; nothing here changes how the app behaves."""

from playwright.sync_api import expect


def wait_for_device(page):
    """Until the device's Peach is open (or has said it cannot open)."""
    page.wait_for_function("() => window.peach && (window.peach.device !== null || window.peach.deviceError !== null)")


def wait_for_first_sync(page):
    """Until the device has finished its first sync (settings and profile from the server)."""
    wait_for_device(page)
    page.wait_for_function("() => window.peach.syncStatus !== null")


def sync(page):
    """Runs a sync now and waits for it: the answers go up, the server's profile comes down."""
    page.evaluate("() => window.peach.sync.run()")
    return page.evaluate("window.peach.syncStatus")


def exercise(page):
    """The exercise the page is playing, as the core gave it to the audio engine."""
    return page.evaluate("window.peach.controller.loop.exercise")


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
    """The Profile page's summary as shown: {term: value} of its description lists."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#main dl > div')]
        .map((row) => [row.querySelector('dt').textContent, row.querySelector('dd').textContent]))""")


def start_mode(page, server, link_name):
    """Start → the mode's button, as a person does, once the device has synced; returns the
    first exercise once it plays."""
    page.goto(server.url("/"))
    wait_for_first_sync(page)
    page.get_by_role("link", name=link_name, exact=True).click()
    page.wait_for_function("() => window.peach.controller?.loop?.exercise")
    return exercise(page)
