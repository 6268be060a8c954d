"""What keeps Peach from being silent or misleading on a phone, in Chromium against the real
`peach serve`: the page says it plays media before its audio starts (the iPhone's silent
switch), an interrupted context stops training quietly and sends the page back to Start, a
context that starts late still starts training, the sync line is seen and says what went wrong
in its own words, a core that cannot load says why, answers come up soon after the server is
back, and the browser is asked to keep the device's data.

Where Chromium lacks what a phone's browser does (`navigator.audioSession`, Safari's
`interrupted` state, a context slow to start, a browser's answer to `persist()`), a small
stand-in added before the page's scripts records or plays that part; everything else is real.
WebKit and Firefox run the same checks in e2e/engines."""

from __future__ import annotations

import time

from playwright.sync_api import expect

import audio_probe
from device_page import (active_voice_count, add_records, audio_context_is, delete_records, device_records, exercise,
                         sync, wait_for_device, wait_for_first_sync)
from peach_server import RECORD_KIND, TUNING_SYSTEMS, PeachServer, record_numbers, wait_until
from test_disk_full import fill, small_disk  # noqa: F401 (a fixture)

# `navigator.audioSession` as Safari 17 has it, recording each step of the tap in order, with
# whether the tap's user activation was still active.
AUDIO_SESSION_STAND_IN = """(() => {
  const log = [];
  window.__audioLog = log;
  let type = 'auto';
  Object.defineProperty(navigator, 'audioSession', { configurable: true, value: {
    get type() { return type; },
    set type(value) { log.push(['audioSession.type = ' + value, navigator.userActivation.isActive]); type = value; },
  } });
  const Original = window.AudioContext;
  window.AudioContext = class extends Original {
    constructor(...args) { log.push(['new AudioContext', navigator.userActivation.isActive]); super(...args); }
    resume() { log.push(['resume', navigator.userActivation.isActive]); return super.resume(); }
  };
})()"""

# Contexts that can be interrupted as Safari does: `interrupt()` moves one to the state
# `interrupted` and freezes its clock; `endInterruption()` says `running` again with the clock
# still frozen (what resuming an interrupted context can leave). `window.__freezeNext` makes
# the next context run with a frozen clock from the start.
INTERRUPTIBLE = """(() => {
  const Original = window.AudioContext;
  window.__contexts = [];
  window.AudioContext = class extends Original {
    #state = null;
    #frozenAt = null;
    constructor(...args) {
      super(...args);
      window.__contexts.push(this);
      if (window.__freezeNext) { window.__freezeNext = false; this.#frozenAt = 0; }
    }
    get state() { return this.#state ?? super.state; }
    get currentTime() { return this.#frozenAt ?? super.currentTime; }
    interrupt() {
      this.#state = 'interrupted';
      this.#frozenAt = super.currentTime;
      this.dispatchEvent(new Event('statechange'));
    }
    endInterruption() { this.#state = 'running'; this.dispatchEvent(new Event('statechange')); }
  };
})()"""

# A context that reports `running` only `window.__startDelay` ms after the tap resumed it (as
# Firefox does, 0.5–1.2 s), or, with no delay, only when the test calls `window.__startAudio()`.
LATE_START = """(() => {
  const Original = window.AudioContext;
  window.__tapToStartShown = false;
  new MutationObserver(() => {
    if (document.querySelector('#tap-to-start:not([hidden])')) window.__tapToStartShown = true;
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden'] });
  window.AudioContext = class extends Original {
    #late = true;
    get state() { return this.#late ? 'suspended' : super.state; }
    resume() {
      const start = () => {
        if (!this.#late) return;
        this.#late = false;
        this.dispatchEvent(new Event('statechange'));
      };
      if (window.__startDelay) setTimeout(start, window.__startDelay);
      else window.__startAudio = start;
      return super.resume();
    }
  };
})()"""

# The browser's answers to `persist()` and `persisted()`, recorded; `window.__grant` decides.
STORAGE_STAND_IN = """(() => {
  window.__persistCalls = 0;
  let kept = false;
  Object.defineProperty(navigator, 'storage', { configurable: true, value: {
    persisted: async () => kept,
    persist: async () => { window.__persistCalls += 1; kept = window.__grant === true; return kept; },
  } });
})()"""


def tap_training(page, server, name="Comparison"):
    page.goto(server.url("/"))
    wait_for_first_sync(page)
    page.get_by_role("link", name=name, exact=True).click()
    expect(page.locator("body")).to_have_attribute("data-page", "comparison")


def answer_one(page):
    higher = page.locator("#answer-higher")
    expect(higher).to_be_enabled(timeout=10_000)
    page.keyboard.press("ArrowUp")
    expect(page.locator("#feedback")).not_to_have_attribute("data-state", "")


# --- sound that plays --------------------------------------------------------------------------

def test_the_tap_says_peach_plays_media_before_the_audio_starts(page, server):
    server.set_settings(noteDuration=0.3)
    page.add_init_script(AUDIO_SESSION_STAND_IN)
    tap_training(page, server)
    expect(page.locator("#answer-higher")).to_be_enabled(timeout=10_000)
    log = page.evaluate("window.__audioLog")
    assert log[:3] == [["audioSession.type = playback", True], ["new AudioContext", True], ["resume", True]], log
    assert page.evaluate("navigator.audioSession.type") == "playback"


def test_an_interrupted_context_stops_training_quietly_and_the_next_tap_plays_on_a_new_one(page, server):
    server.set_settings(noteDuration=0.3)
    page.add_init_script(INTERRUPTIBLE)
    audio_probe.install(page)
    tap_training(page, server)
    answer_one(page)
    expect(page.locator("#answer-higher")).to_be_enabled(timeout=10_000)
    page.evaluate("window.__contexts[0].interrupt()")  # a phone call
    expect(page.locator("body")).to_have_attribute("data-page", "start")
    expect(page).to_have_url(server.url("/"))
    audio_probe.wait_until_silent(page)
    assert active_voice_count(page) == 0
    assert len(device_records(page)) == 1, "the unanswered exercise was dropped"
    # The call ends; Safari says the context runs again, but its clock stands still.
    page.evaluate("window.__contexts[0].endInterruption()")
    page.get_by_role("link", name="Comparison", exact=True).click()
    expect(page.locator("#answer-higher")).to_be_enabled(timeout=10_000)
    assert page.evaluate("window.__contexts.length") == 2, "a new context"
    assert audio_context_is(page, "window.__contexts[1]")
    assert page.evaluate("window.__contexts[0].state") == "closed" or page.evaluate(
        "window.__contexts[0].state") == "running", "the old one is let go"
    assert page.is_hidden("#tap-to-start")


def test_no_note_is_scheduled_on_a_clock_that_stands_still(page, server):
    server.set_settings(noteDuration=0.3)
    page.add_init_script(INTERRUPTIBLE)
    audio_probe.install(page)
    page.goto(server.url("/"))
    wait_for_first_sync(page)
    page.evaluate("window.__freezeNext = true")
    page.get_by_role("link", name="Comparison", exact=True).click()
    tap = page.locator("#tap-to-start")
    expect(tap).to_be_visible(timeout=10_000)
    assert audio_probe.notes(page) == [], "nothing scheduled on the frozen clock"
    assert exercise(page) is None
    tap.click()
    expect(page.locator("#answer-higher")).to_be_enabled(timeout=10_000)
    assert audio_context_is(page, "window.__contexts[1]"), "the tap started a new context"


def test_a_context_that_starts_a_second_late_starts_training_without_a_second_tap(page, server):
    server.set_settings(noteDuration=0.3)
    page.add_init_script(LATE_START)
    page.add_init_script("window.__startDelay = 1200")
    tap_training(page, server)
    expect(page.locator("#answer-higher")).to_be_enabled(timeout=10_000)
    assert page.evaluate("window.__tapToStartShown") is False, "no second tap was asked for"


def test_tap_to_start_only_when_the_sound_really_does_not_start_and_training_begins_if_it_starts_later(page, server):
    server.set_settings(noteDuration=0.3)
    page.add_init_script(LATE_START)
    tap_training(page, server)
    tap = page.locator("#tap-to-start")
    expect(tap).to_be_visible(timeout=10_000)
    expect(tap).to_be_focused()
    assert exercise(page) is None
    page.evaluate("window.__startAudio()")  # the sound starts after all, without a tap
    expect(page.locator("#answer-higher")).to_be_enabled(timeout=10_000)
    expect(tap).to_be_hidden()


# --- what the page says ------------------------------------------------------------------------

def visible_line(page):
    line = page.locator("#sync-status")
    expect(line).to_be_visible()
    box = line.bounding_box()
    assert box and box["width"] > 0 and box["height"] > 0
    return line


def test_the_sync_line_is_seen_and_names_a_refused_request_and_an_unreadable_profile(page, server):
    page.goto(server.url("/settings"))
    wait_for_first_sync(page)
    expect(visible_line(page)).to_have_text("Synced with Peach.")  # Settings says how sync stands
    page.get_by_role("link", name="Back to Start").click()
    expect(page.locator("body")).to_have_attribute("data-page", "start")
    expect(page.locator("#sync-status")).to_have_text("")  # Start only when something needs the user
    # A record kept by an older Peach under an id the server no longer takes: the whole upload
    # is refused, with the server's reason.
    add_records(page, [{"id": "not-a-uuid", "numbers": record_numbers(
        kind=RECORD_KIND["comparison"], timestamp=time.time() * 1000 - 1000, referenceNote=60, targetNote=60,
        tuningSystem=TUNING_SYSTEMS.index("equalTemperament"), centOffset=12.5, outcome=1)}])
    sync(page)
    expect(visible_line(page)).to_contain_text(
        "Your Peach server refused this device’s answers, which stay on this device: The record at index 0")
    delete_records(page, ["not-a-uuid"])
    # A profile summary of a form this core does not read (another version of the server).
    page.route("**/api/sync/profile", lambda route: route.fulfill(
        status=200, body=bytes(8 * 3), headers={"Content-Type": "application/octet-stream"}))
    sync(page)
    expect(visible_line(page)).to_have_text(
        "This device can’t read the profile your Peach server sent; the server runs another version of Peach. "
        "Reload this page to update Peach here. Your answers are kept and still sync.")
    page.unroute("**/api/sync/profile")
    sync(page)
    expect(page.locator("#sync-status")).to_have_text("")


def test_a_full_disk_on_the_server_is_said_so_and_the_answers_go_up_soon_after_it_has_room(page, small_disk):
    server = PeachServer(small_disk / "peach.sqlite")
    server.start()
    try:
        server.set_settings(noteDuration=0.3)
        tap_training(page, server)
        filler = fill(small_disk)
        answer_one(page)
        page.get_by_role("link", name="Back to Start").click()
        expect(page.locator("body")).to_have_attribute("data-page", "start")
        sync(page)
        expect(visible_line(page)).to_contain_text(
            "The disk of your Peach server is full, so your answers wait on this device.")
        filler.unlink()
        # No `online` event, no new answer, no reload: the retry a few seconds later sends it, and
        # Start has nothing more to say.
        expect(page.locator("#sync-status")).to_have_text("", timeout=15_000)
        assert server.count("comparisonRecord") == 1
    finally:
        server.stop()


def test_answers_reach_a_server_that_comes_back_within_seconds(page, server):
    server.set_settings(noteDuration=0.3)
    tap_training(page, server)
    port = server.port
    server.stop()
    answer_one(page)
    page.get_by_role("link", name="Back to Start").click()
    expect(visible_line(page)).to_contain_text("Can’t reach Peach right now.", timeout=10_000)
    server.start(port=port)
    # Only the server was down: the browser fires no `online` event; the retry's back-off does.
    wait_until(lambda: server.count("comparisonRecord") == 1, timeout=12, message="the answer on the server")
    expect(page.locator("#sync-status")).to_have_text("", timeout=10_000)  # Start: nothing needs the user


def test_a_core_that_cannot_be_downloaded_says_so_on_start_and_on_the_training_page(page, server):
    page.route("**/*.wasm", lambda route: route.abort())
    page.goto(server.url("/"))
    wait_for_device(page)
    message = ("Peach’s training core could not be downloaded. Check that this device reaches your Peach "
               "server, then reload the page.")
    expect(visible_line(page)).to_have_text(message)
    page.get_by_role("link", name="Comparison", exact=True).click()
    expect(page.locator("body")).to_have_attribute("data-page", "comparison")
    expect(visible_line(page)).to_have_text(message)
    expect(page.locator("#answer-higher")).to_be_disabled()


def test_a_browser_that_cannot_run_the_core_says_which_browsers_can(page, server):
    page.add_init_script("Object.defineProperty(window, 'WebAssembly', { value: undefined })")
    page.goto(server.url("/"))
    wait_for_device(page)
    expect(visible_line(page)).to_have_text(
        "This browser can’t run Peach’s training core. Peach needs Safari 16, Chrome 97, Firefox 102 or a newer "
        "version of one of them (all from 2022 on): update this browser or use another.")


def test_the_core_that_cannot_load_is_said_in_german_too(new_page, server):
    page = new_page(locale="de-DE")
    page.route("**/*.wasm", lambda route: route.abort())
    page.goto(server.url("/"))
    wait_for_device(page)
    expect(visible_line(page)).to_contain_text("Der Trainingskern von Peach konnte nicht geladen werden.")


# --- storage the browser may delete ------------------------------------------------------------

def test_the_first_answer_asks_the_browser_to_keep_the_data_and_settings_says_whether_it_does(page, server):
    server.set_settings(noteDuration=0.3)
    page.add_init_script(STORAGE_STAND_IN)
    tap_training(page, server)
    assert page.evaluate("window.__persistCalls") == 0, "nothing asked before there is something to keep"
    answer_one(page)
    page.wait_for_function("() => window.__persistCalls === 1")
    expect(page.locator("#answer-higher")).to_be_enabled(timeout=10_000)
    answer_one(page)
    page.get_by_role("link", name="Settings").click()
    expect(page.locator("#storage-status")).to_have_text(
        "This browser may delete Peach’s data on this device, for example after seven days without a visit "
        "(Safari). Answers that have synced are safe on your Peach server; adding Peach to the Home Screen keeps "
        "the rest.")
    expect(page.locator("#storage-status")).to_be_visible()
    assert page.evaluate("window.__persistCalls") == 1, "asked once per visit"


def test_installed_peach_asks_at_once_and_again_when_installed_and_settings_says_it_keeps(page, server):
    page.add_init_script(STORAGE_STAND_IN)
    page.add_init_script("""window.__grant = true;
        const matchMedia = window.matchMedia.bind(window);
        window.matchMedia = (query) => query === '(display-mode: standalone)'
            ? { matches: true, media: query, addEventListener() {}, removeEventListener() {} } : matchMedia(query);""")
    page.goto(server.url("/settings"))
    wait_for_first_sync(page)
    page.wait_for_function("() => window.__persistCalls === 1")
    expect(page.locator("#storage-status")).to_have_text(
        "This browser keeps Peach’s data on this device: it won’t delete it to make room.")
    page.locator("details:has(#home-screen-note) > summary").click()  # a row that opens the note
    expect(page.locator("#home-screen-note")).to_be_visible()


def test_start_warns_when_answers_wait_on_a_browser_that_may_delete_them(page, server):
    server.set_settings(noteDuration=0.3)
    page.add_init_script(STORAGE_STAND_IN)
    tap_training(page, server)
    port = server.port
    server.stop()
    answer_one(page)
    page.get_by_role("link", name="Back to Start").click()
    expect(visible_line(page)).to_have_text(
        "Can’t reach Peach right now. Your answers are kept on this device and sync later. 1 answer is waiting "
        "to sync. This browser may delete it if Peach isn’t opened for a while: let it sync soon.", timeout=10_000)
    server.start(port=port)
