"""Peach in one browser engine, in the words of what a person does with it: open Start, start a
mode, answer, drag the slider, choose a sound and listen to it, go back to Start. Built on
engine.py's vocabulary only, so a scenario written with it runs the same in every engine.

What it reads of the app is what e2e/browser/device_page.py reads in Chromium, through app.js's one
test hook (`window.peach`, documented at `App.testHook`: the device's records and settings, the
answers given, its sync, audio context, training loop); each of the hook's operations is called
from one method here, and the engine tests name the hook nowhere else (test_pages.py checks).
Nothing here changes how the app behaves.

Inputs are real: clicks and drags through WebDriver (trusted events, user activation), so a click
on a training link starts the sound as a tap does. If the page asks for a second tap anyway
("Tap to start": the audio context did not run within the app's wait), `start_training` taps it,
as a person would, and says so in its result (`Start.tapped_again`) with how long the context
took to run: a scenario decides whether that is acceptable."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine import Engine
from peach_server import PeachServer, training_pages

# Each training page's address by its mode in words ("interval pitch matching" for the mode
# `intervalPitchMatching`), from the server's route table: a mode added there is one here.
TRAINING_LINKS = {re.sub(r"[A-Z]", lambda capital: " " + capital[0].lower(), mode): path
                  for path, mode in training_pages().items()}

# Notes the time of the next click and when the visit's audio context first runs, on the page's
# clock. The context is made in app.js's own handler of that click, so it is looked at in a task
# after the click's.
WATCH_AUDIO_START = """
window.__audioStart = { clickedAt: null, runningAt: null };
document.addEventListener('click', () => {
  window.__audioStart.clickedAt ??= performance.now();
  setTimeout(() => {
    const context = window.peach.audioContext;
    const running = () => { if (context?.state === 'running') window.__audioStart.runningAt ??= performance.now(); };
    running();
    context?.addEventListener('statechange', running);
  });
}, { capture: true, once: true });"""


@dataclass
class Start:
    """How a training page started: whether it asked for a second tap, and how long after the
    click on its link the audio context ran (None if it never did)."""
    tapped_again: bool
    audio_start_ms: float | None


class PeachPage:
    """Peach on `server`, in `engine`."""

    def __init__(self, engine: Engine, server: PeachServer):
        self.engine = engine
        self.server = server

    # --- opening ---------------------------------------------------------------------------------

    def open(self, path: str = "/"):
        """Opens `path` and waits until the device's Peach is open: the wasm core on the
        device's store. A page whose scripts failed never gets there: that fails here."""
        self.engine.goto(self.server.url(path))
        self.wait_until_open()

    def reload(self):
        self.engine.reload()
        self.wait_until_open()

    def wait_until_open(self):
        self.engine.wait_for("window.peach && (window.peach.deviceOpen || window.peach.deviceError !== null)",
                             timeout=20, message="the app to open the device's Peach")
        error = self.engine.run("return window.peach.deviceError && String(window.peach.deviceError);")
        assert error is None, f"{self.engine.name}: Peach cannot open on this device: {error}"

    def wait_until_unable_to_open(self):
        """Until the app says that Peach cannot open on this device (`deviceError`)."""
        self.engine.wait_for("window.peach && window.peach.deviceError !== null", timeout=20,
                             message="the app to say it cannot open")

    def wait_for_first_sync(self):
        self.engine.wait_for("window.peach.syncStatus !== null", message="the first sync")

    def wait_until_offline_ready(self, timeout_ms: int = 10_000):
        """Until the service worker has cached this version of Peach (it is active)."""
        state = self.engine.run("""return Promise.race([
            navigator.serviceWorker.ready.then((registration) => registration.active.state),
            new Promise((resolve) => setTimeout(() => resolve(null), arguments[0]))]);""", timeout_ms)
        assert state in ("activating", "activated"), \
            f"{self.engine.name}: no active service worker after {timeout_ms} ms: Peach would not open offline"

    @property
    def page(self) -> str:
        return self.engine.run("return document.body.dataset.page;")

    # --- training --------------------------------------------------------------------------------

    def start_training(self, mode: str) -> Start:
        """From Start: clicks the mode's link and waits until the first exercise plays — past the
        mode's hint, which a browser new to the mode shows first (its Start button begins), and
        tapping "Tap to start" if the page offers it."""
        self.engine.run(WATCH_AUDIO_START)
        self.engine.click(f'#main a[href="{TRAINING_LINKS[mode]}"]')
        started = ("(window.peach.loop?.exercise && 'exercise')"
                   " || (document.querySelector('#tap-to-start')?.hidden === false && 'tap')")
        shown = self.engine.wait_for(f"{started} || (document.querySelector('#mode-hint')?.open && 'hint')",
                                     timeout=15, message=f"{mode} to start")
        if shown == "hint":
            self.engine.click("#hint-begin")
            shown = self.engine.wait_for(started, timeout=15, message=f"{mode} to start")
        if shown == "tap":
            self.engine.click("#tap-to-start")
            self.engine.wait_for("window.peach.loop?.exercise", message=f"{mode} to start")
        started = self.engine.run("const s = window.__audioStart;"
                                  " return s.runningAt === null ? null : s.runningAt - s.clickedAt;")
        return Start(tapped_again=shown == "tap", audio_start_ms=started)

    def answer_comparison(self, answer: str = "higher"):
        """Waits until the answer buttons open (the target plays) and clicks one."""
        button = f"#answer-{answer}"
        self.engine.wait_for("!document.querySelector(arguments[0]).disabled", button, timeout=15,
                             message="the answer buttons to open")
        self.engine.click(button)
        self.engine.wait_for("document.querySelector(arguments[0]).disabled", button,
                             message="the answer to be taken")

    def answer_timing(self, correct: bool) -> None:
        """Waits until Early and Late open (the fourth click has sounded) and clicks the right one
        or the wrong one, by the test's own arithmetic on the exercise's samples."""
        self.engine.wait_for("!document.querySelector('#answer-early').disabled", timeout=15,
                             message="Early and Late to open")
        early = self.engine.run("const s = window.peach.loop.exercise.onsets.map((onset) => onset.sample);"
                                " return s[3] - s[2] < s[1] - s[0];")
        self.engine.click("#answer-early" if early == correct else "#answer-late")
        self.engine.wait_for("document.querySelector('#answer-early').disabled", message="the answer to be taken")

    def tap_gaps(self, offset_ms: float) -> None:
        """Taps every gap of the Fill the Gap trial under way `offset_ms` after its onset: a
        pointerdown on the Tap button from a timer in the page, at the page's time that the audio
        clock's output timestamp pairs with the gap's (as e2e/browser/device_page.py's
        `tap_gaps`), or, where the pairing does not hold together with the rendering clock
        (WebKitGTK's: tap-time.js), by the rendering clock less the reported latency, as the page
        then reads a tap. Returns once the last tap is given."""
        self.engine.wait_for("window.peach.loop?.exercise?.onsets?.length > 0", timeout=15,
                             message="a Fill the Gap trial")
        self.engine.run("""return (async (offsetMs) => {
            const context = window.peach.audioContext;
            const gaps = window.peach.loop.exercise.onsets.filter((onset) => onset.isGap);
            const button = document.getElementById('tap');
            for (const gap of gaps) {
                const audio = gap.seconds + offsetMs / 1000;
                const stamp = context.getOutputTimestamp();
                const now = performance.now();
                const lag = (stamp.performanceTime - now) / 1000 - (stamp.contextTime - context.currentTime);
                const paired = stamp.performanceTime > 0 && lag >= -0.1
                    && lag <= (context.outputLatency ?? 0) + (context.baseLatency ?? 0) + 0.1;
                const at = paired
                    ? stamp.performanceTime + (audio - stamp.contextTime) * 1000
                    : performance.now() + (audio - context.currentTime + (context.outputLatency ?? 0)) * 1000;
                await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));
                button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0, pointerType: 'touch' }));
            }
        })(arguments[0]);""", offset_ms)

    def drag_slider(self, dy: float) -> float:
        """Waits until the pitch slider opens (the tunable note plays), drags it `dy` CSS pixels
        (negative: up, sharper) and lets go; returns the slider's value at the release."""
        self.engine.wait_for("document.querySelector('#pitch-slider').getAttribute('aria-disabled') === 'false'",
                             timeout=15, message="the pitch slider to open")
        self.engine.drag("#pitch-slider", dy)
        self.engine.wait_for("document.querySelector('#pitch-slider').getAttribute('aria-disabled') === 'true'",
                             message="the answer to be taken")
        return float(self.engine.run("return document.querySelector('#pitch-slider').getAttribute('aria-valuenow');"))

    def back_to_start(self):
        self.engine.click('header a[href="/"]')
        self.engine.wait_for("document.body.dataset.page === 'start'", message="Start")

    def loop_state(self) -> str:
        """The training loop's state: `'playingReference'`, `'stopped'`, …"""
        return self.engine.run("return window.peach.loop.state;")

    def not_training(self) -> bool:
        """No exercise is asked for or playing: the loop has none, and no voice sounds."""
        return self.engine.run("return window.peach.loop.exercise === null"
                               " && (window.peach.audioEngine?.activeVoiceCount ?? 0) === 0;")

    def wait_for_silence(self):
        """Until the audio engine plays no voice."""
        self.engine.wait_for("window.peach.audioEngine.activeVoiceCount === 0", message="silence")

    def record_answers(self):
        """From now on, keeps each answer value the page gives the device (`answers()`)."""
        self.engine.run("window.peach.watchAnswers();")

    def answers(self) -> list:
        """Each answer value the page gave the device since `record_answers`, counted or not."""
        return self.engine.run("return window.peach.answers;")

    # --- the device's data -----------------------------------------------------------------------

    def device_records(self, state: str | None = None) -> list[dict]:
        """The records in the device's store: id, numbers (kind, timestamp, …), state."""
        return self.engine.run("return window.peach.records(arguments[0] ?? undefined);", state)

    def sync(self) -> dict:
        """Runs a sync now and waits for it; returns the sync status."""
        return self.engine.run("return window.peach.syncNow().then(() => window.peach.syncStatus);")

    def give_comparison_answers(self, count: int):
        """Answers `count` comparisons as training does but without playing them; returns once
        their records are stored."""
        self.engine.run("return Promise.all(Array.from({length: arguments[0]},"
                        " (_, index) => window.peach.answer('comparison', index % 2 ? 'higher' : 'lower')));", count)

    def wait_for_comparison_answers_shown(self, count: int):
        """Until the Profile page shown counts `count` comparison answers."""
        self.engine.wait_for("[...document.querySelectorAll('.profile-mode[data-mode=\"comparison\"] dl > div')]"
                             ".some((row) => row.querySelector('dt').textContent === 'Answers'"
                             " && row.querySelector('dd').textContent === arguments[0])", str(count),
                             message=f"the Profile page to count {count} comparison answers")

    # --- sound -----------------------------------------------------------------------------------

    def choose_sound(self, source: str, name: str | None = None):
        """On Settings: chooses `source` in the Sound picker and waits until it is saved and,
        for an instrument, until the page says "“Name” is ready." (loaded on the device)."""
        self.engine.select("#setting-soundSource", source)
        self.engine.wait_for("window.peach.settings().soundSource === arguments[0]", source,
                             message=f"the sound {source} to be saved")
        if name is None:
            return
        ready = f"“{name}” is ready."
        self.engine.wait_for("document.querySelector('#sound-status').textContent === arguments[0]", ready,
                             timeout=30, message=ready)
        assert self.engine.is_visible("#sound-status")

    def listen(self):
        """On Settings: the Listen button (A4 for one second with the chosen sound)."""
        self.engine.click("#sound-preview")
