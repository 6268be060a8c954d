"""What the browser tests read of and do with the device's Peach in a page, through the one test
hook app.js gives, `window.peach` (its whole surface is documented at `App.testHook`): each of the
hook's operations is called from one function here (e2e/engines/peach_page.py has the same for
WebDriver), and no other file under e2e/ names the hook (test_pages.py checks), so a test says
what it does and the hook can change in one place. Nothing here changes how the app behaves."""

import json
from datetime import datetime, timezone

from playwright.sync_api import expect

from peach_server import record_field, training_pages

# Parts of the hook as JavaScript expressions, for the scripts that run in the page on their own
# and must reach the app's live objects there: an init script's event handler (the audio clock
# when a key goes down), a benchmark's timed loop of calls. Null or undefined until the part is
# there, except `TRAINING_LOOP_JS`, which is read on a training page.
DEVICE_OPEN_JS = "window.peach?.deviceOpen"
AUDIO_CONTEXT_JS = "window.peach?.audioContext"
TRAINING_LOOP_JS = "window.peach.loop"
SOUNDS_JS = "window.peach?.sounds"


def hints_seen_script(modes=None):
    """A script that marks the hints of `modes` (by default every training mode of the server's
    route table: the training pages' names) as seen, to run before the page's scripts
    (docs/pages.md "Training pages"): a test that trains starts at once, as a returning user
    does. The tests of the hint itself (test_first_run.py) meet the hints as a newcomer does."""
    modes = list(training_pages().values() if modes is None else modes)
    return f"""try {{
  localStorage.setItem('peach.hintsSeen', JSON.stringify({json.dumps(modes)}));
}} catch {{ /* a page without storage */ }}"""


def returning_user(context):
    """The browser context as a returning user's: every mode's hint seen. Returns the context."""
    context.add_init_script(hints_seen_script())
    return context


def wait_for_device(page):
    """Until the device's Peach is open (or has said it cannot open)."""
    page.wait_for_function("() => window.peach && (window.peach.deviceOpen || window.peach.deviceError !== null)")


def wait_for_first_sync(page):
    """Until the device has finished its first sync (settings and profile from the server)."""
    wait_for_device(page)
    page.wait_for_function("() => window.peach.syncStatus !== null")


def wait_for_sync_state(page, state):
    """Until the device's last sync ended in `state` (`'synced'`, …)."""
    page.wait_for_function("(state) => window.peach?.syncStatus?.state === state", arg=state)


def timed_sync(page):
    """Runs a sync now and waits for it; returns how long it took (ms, on the page's clock)."""
    return page.evaluate("""async () => {
        const begin = performance.now();
        await window.peach.syncNow();
        return performance.now() - begin;
    }""")


def sync(page):
    """Runs a sync now and waits for it: the answers go up, the server's profile comes down."""
    page.evaluate("() => window.peach.syncNow()")
    return page.evaluate("window.peach.syncStatus")


def start_sync(page):
    """Starts a sync and returns at once (a test that does something while it runs)."""
    page.evaluate("() => { window.peach.syncNow(); }")


def exercise(page):
    """The exercise the page is playing, as the core gave it to the audio engine."""
    return page.evaluate("window.peach.loop.exercise")


def wait_for_next_exercise(page, previous):
    """Until the page plays an exercise other than `previous` (as `exercise` returned it)."""
    page.wait_for_function("(previous) => window.peach.loop?.exercise"
                           " && window.peach.loop.exercise !== previous", arg=previous)


def has_training_loop(page):
    """Whether the page has a training loop (a training page's)."""
    return page.evaluate("window.peach.loop !== null")


def loop_state(page):
    """The training loop's state: `'playingReference'`, `'stopped'`, …"""
    return page.evaluate("window.peach.loop.state")


def wait_for_loop_state(page, state):
    """Until the page's training loop is in `state`."""
    page.wait_for_function("(state) => window.peach.loop?.state === state", arg=state)


def is_training(page):
    """Whether the page is training (its loop runs)."""
    return page.evaluate("window.peach.training")


def stop_training(page):
    """Stops the page's training as leaving the page does."""
    page.evaluate("window.peach.stopTraining()")


def wait_for_exercise(page, path=None):
    """Until a training page (the one at `path`, if given) plays an exercise."""
    page.wait_for_function("(path) => (path === null || location.pathname === path) && window.peach.loop?.exercise",
                           arg=path)


def tap_gaps(page, offset_ms):
    """Taps every gap of the Fill the Gap trial under way `offset_ms` after its onset (late when
    positive): a pointerdown on the Tap button from a timer in the page, at the time on the
    page's clock that the audio clock's output timestamp pairs with the gap's time (or, before
    the context gives one, its clock less the output latency, as tap-time.js reads a tap).
    Returns once the last tap is given."""
    page.evaluate("""async (offsetMs) => {
        const context = window.peach.audioContext;
        const gaps = window.peach.loop.exercise.onsets.filter((onset) => onset.isGap);
        const button = document.getElementById('tap');
        for (const gap of gaps) {
            const audio = gap.seconds + offsetMs / 1000;
            const stamp = context.getOutputTimestamp();
            const at = stamp.performanceTime > 0
                ? stamp.performanceTime + (audio - stamp.contextTime) * 1000
                : performance.now() + (audio - context.currentTime + (context.outputLatency ?? 0)) * 1000;
            await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));
            button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0, pointerType: 'touch' }));
        }
    }""", offset_ms)


def wait_until_answerable(page):
    """Until the training page shown takes an answer, whatever its kind (`<body data-kind>`):
    Higher and Lower or Early and Late enabled, the slider open, or Fill the Gap's trial under
    way (its Tap button is never disabled)."""
    kind = page.locator("body").get_attribute("data-kind")
    if kind == "pitchMatching":
        expect(page.locator("#pitch-slider")).to_have_attribute("aria-disabled", "false", timeout=10_000)
    elif kind == "continuousRhythmMatching":
        wait_for_exercise(page)
    else:
        expect(page.locator("#answer-higher, #answer-early")).to_be_enabled(timeout=10_000)


def record_answers(page):
    """From now on, keeps each answer value the page gives the device (`answers`)."""
    page.evaluate("() => window.peach.watchAnswers()")


def answers(page):
    """Each answer value the page gave the device since `record_answers`, counted or not."""
    return page.evaluate("window.peach.answers")


def give_answers(page, given):
    """Answers one exercise per `(mode, value)` of `given`, in order, as training does but
    without playing them (hundreds in a moment); returns once their records are stored."""
    page.evaluate("(given) => Promise.all(given.map(([mode, value]) => window.peach.answer(mode, value)))",
                  [list(pair) for pair in given])


def render_here(page, path):
    """The page at `path` as this device renders it (its HTML), or None."""
    return page.evaluate("(path) => window.peach.renderHere(path)", path)


def wait_for_swapped_in_page(page):
    """Until the app has swapped a page in (rendered on the device) since the page loaded."""
    page.wait_for_function("() => window.peach.shownHTML !== null")


def hook_surface(page):
    """The hook itself: its names, and whether it is frozen."""
    return page.evaluate("[Object.keys(window.peach), Object.isFrozen(window.peach)]")


def device_records(page, state=None):
    """The records in the device's store (oldest first): id, numbers, state."""
    records = page.evaluate("(state) => window.peach.records(state ?? undefined)", state)
    return sorted(records, key=lambda record: record_field(record, "timestamp"))


def add_records(page, records):
    """Writes records `[{id, numbers}]` into the device's store as they are, as an older Peach
    may have kept them (the core does not count them)."""
    page.evaluate("(records) => window.peach.addRecords(records)", records)


def delete_records(page, ids):
    page.evaluate("(ids) => window.peach.deleteRecords(ids)", ids)


def seed_profile(page, numbers):
    """Keeps the profile summary `numbers` in the device's store, as an older Peach kept it, and
    rebuilds the device's Peach from its store as the page does when it opens."""
    page.evaluate("(numbers) => window.peach.seedProfile(numbers)", numbers)


def kept_profile(page):
    """The profile summary the device's store keeps (its numbers), or None."""
    return page.evaluate("() => window.peach.profile()")


def settings(page):
    """Every setting the device's core trains with: {name: value}."""
    return page.evaluate("window.peach.settings()")


def wait_for_setting(page, name, value):
    """Until the device's core trains with `name` = `value`."""
    page.wait_for_function("([name, value]) => window.peach.settings()[name] === value", arg=[name, value])


def stored_settings(page):
    """The setting changes the device's store keeps: {name: {value, changedAt}}."""
    return page.evaluate("() => window.peach.storedSettings()")


def set_setting(page, name, value):
    """Changes a setting on the device as the Settings page does; asserts the core took it."""
    refused = page.evaluate("([name, value]) => window.peach.setSetting(name, value)", [name, value])
    assert refused is None, f"{name} = {value} refused: {refused}"


def set_clock(page, milliseconds):
    """Sets the browser's clock (what the device stamps its answers and settings with) to
    `milliseconds` since 1970; it runs on from there. A device whose clock is wrong."""
    page.clock.set_system_time(datetime.fromtimestamp(milliseconds / 1000, tz=timezone.utc))


def profile_terms(page):
    """The Profile page's summary as shown: {mode: {term: value}} of each mode's description list."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#main .profile-mode')]
        .map((section) => [section.dataset.mode, Object.fromEntries([...section.querySelectorAll('dl > div')]
            .map((row) => [row.querySelector('dt').textContent, row.querySelector('dd').textContent]))]))""")


def start_mode(page, server, link):
    """Start → the mode's button (`link`: its name, or its training page's address), as a person
    does, once the device has synced; returns the first exercise once it plays."""
    page.goto(server.url("/"))
    wait_for_first_sync(page)
    if link.startswith("/"):
        page.locator(f'#main a[href="{link}"]').click()
    else:
        page.get_by_role("link", name=link, exact=True).click()
    wait_for_exercise(page)
    return exercise(page)


# --- the visit's sound -------------------------------------------------------------------------

def has_audio_context(page):
    """Whether the visit has made its audio context (a tap does)."""
    return page.evaluate("window.peach.audioContext != null")


def keep_audio_context(page, name):
    """Keeps the visit's audio context as `window[name]`, for `audio_context_is` to compare."""
    page.evaluate("(name) => { window[name] = window.peach.audioContext; }", name)


def audio_context_is(page, expression):
    """Whether the visit's audio context is the one the page's `expression` names (`window.__kept`)."""
    return page.evaluate(f"window.peach.audioContext === ({expression})")


def suspend_audio(page):
    """Suspends the visit's audio context, as when another app takes the audio."""
    page.evaluate("window.peach.audioContext.suspend()")


def audio_clock(page):
    """The visit's audio context's `currentTime` (seconds)."""
    return page.evaluate("window.peach.audioContext.currentTime")


def active_voice_count(page):
    """How many voices the audio engine plays; 0 while there is no engine (before a tap)."""
    return page.evaluate("window.peach.audioEngine?.activeVoiceCount ?? 0")


def wait_for_no_active_voice(page, **options):
    """Until the audio engine plays no voice (or there is none); `options`: Playwright's (timeout)."""
    page.wait_for_function("() => (window.peach.audioEngine?.activeVoiceCount ?? 0) === 0", **options)


def wait_until_silent(page):
    """Until every voice of the audio engine has ended (its source node's `ended` event)."""
    page.evaluate("() => Promise.all([...(window.peach.audioEngine?.voices ?? [])].map((voice) => voice.ended))")


def wait_for_sounds(page):
    """Until the device has its sound choice (the app's `SoundChoice`: once the device is open)."""
    page.wait_for_function("() => window.peach?.sounds")


def prepare_sound(page):
    """Loads the chosen sound on the device as the app does, and waits for it; returns whether it
    is an instrument (the sine is none)."""
    return page.evaluate("() => window.peach.sounds.prepare().then((instrument) => instrument !== null)")


def wait_for_sound_state(page, state):
    """Until the chosen sound's loading is in `state` (`'loading'`, …)."""
    page.wait_for_function("(state) => window.peach.sounds.status?.state === state", arg=state)


def loaded_sound_bytes(page, source):
    """The bytes of the instrument `source`'s zones that the device's sound library loaded, for
    the chosen range of notes."""
    return page.evaluate("""(id) => window.peach.sounds.library
        .loaded(id, window.peach.sounds.range()).bytes.reduce((a, b) => a + b, 0)""", source)
