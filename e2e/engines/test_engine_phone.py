"""What keeps Peach from being silent, misleading or lossy on a phone, in WebKit and Firefox
(e2e/browser/test_phone.py and test_durability.py check the same in Chromium): the tap says
that Peach plays media before its audio starts; a context that is slow to run still starts
training without a second tap; the feedback waits for the answer's commit; the sync line is seen
and its answers go up soon after the server is back; a core that cannot be downloaded is said so.

Stand-ins for what these engines lack (`navigator.audioSession`, slow storage) are put in place
after the page opened and before the tap (nothing runs before a page's scripts in WebKit here;
conftest.py), which is when the app first uses them."""

from __future__ import annotations

from delaying_proxy import DelayingProxy
from peach_page import PeachPage
from peach_server import wait_until

# A recorded `navigator.audioSession` (Safari 17's), and the AudioContext's construction and
# resume, in order.
AUDIO_SESSION_STAND_IN = """
window.__audioLog = [];
let type = 'auto';
Object.defineProperty(navigator, 'audioSession', { configurable: true, value: {
  get type() { return type; },
  set type(value) { window.__audioLog.push('audioSession.type = ' + value); type = value; },
} });
const Original = window.AudioContext;
window.AudioContext = class extends Original {
  constructor(...args) { window.__audioLog.push('new AudioContext'); super(...args); }
  resume() { window.__audioLog.push('resume'); return super.resume(); }
};"""

# Storage that takes 300 ms to commit a record (the transaction kept busy), the commits and the
# feedback's appearances on the page's clock.
SLOW_STORAGE = """
window.__commits = [];
window.__feedbackAt = [];
const transaction = IDBDatabase.prototype.transaction;
IDBDatabase.prototype.transaction = function (stores, mode, options) {
  const tx = transaction.call(this, stores, mode, options);
  const names = [].concat(stores);
  // An answer's write: the one strict-durability transaction that writes a record.
  if (mode === 'readwrite' && names.includes('records') && options?.durability === 'strict') {
    const store = tx.objectStore('records');
    const until = performance.now() + 300;
    const busy = () => { if (performance.now() < until) store.count().onsuccess = busy; };
    busy();
    tx.addEventListener('complete', () => window.__commits.push(performance.now()));
  }
  return tx;
};
new MutationObserver((records) => {
  for (const record of records) {
    if (record.target.id === 'feedback' && record.target.dataset.state) window.__feedbackAt.push(performance.now());
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'] });"""


def test_the_tap_on_start_starts_training_without_a_second_tap(peach, engine, server):
    server.set_settings(noteDuration=0.3)
    peach.open("/")
    peach.wait_for_first_sync()
    start = peach.start_training("comparison")
    assert not start.tapped_again, (
        f"{engine.name} {engine.version}: Tap to start was offered; the context ran "
        f"{start.audio_start_ms} ms after the tap")
    peach.answer_comparison("higher")


def test_the_tap_says_peach_plays_media_before_the_audio_starts(peach, engine, server):
    server.set_settings(noteDuration=0.3)
    peach.open("/")
    peach.wait_for_first_sync()
    engine.run(AUDIO_SESSION_STAND_IN)
    peach.start_training("comparison")
    log = engine.run("return window.__audioLog;")
    assert log[:3] == ["audioSession.type = playback", "new AudioContext", "resume"], log


def test_the_feedback_waits_for_the_answer_to_be_committed(peach, engine, server):
    server.set_settings(noteDuration=0.3)
    peach.open("/")
    peach.wait_for_first_sync()
    engine.run(SLOW_STORAGE)
    peach.start_training("comparison")
    for answer in range(2):
        engine.wait_for("!document.querySelector('#answer-higher').disabled", timeout=15,
                        message="the answer buttons to open")
        answered = engine.run("document.querySelector('#answer-higher').click(); return performance.now();")
        engine.wait_for("window.__feedbackAt.length === arguments[0]", answer + 1, message="the feedback")
        shown = engine.run("return window.__feedbackAt.at(-1);")
        commit = engine.run("return window.__commits.filter((at) => at > arguments[0])[0];", answered)
        assert commit is not None and commit - answered >= 290, (answered, commit)
        assert shown >= commit, f"{engine.name}: feedback {shown - commit:.1f} ms before the commit"
    assert len(peach.device_records()) == 2


def test_the_sync_line_is_seen_and_answers_go_up_soon_after_the_server_is_back(peach, engine, server):
    server.set_settings(noteDuration=0.3)
    peach.open("/settings")
    peach.wait_for_first_sync()
    assert engine.is_visible("#sync-status")
    assert engine.run("return document.querySelector('#sync-status').textContent;") == "Synced with Peach."
    peach.open("/")
    peach.wait_for_first_sync()
    # Start says nothing about sync while nothing needs the user.
    assert engine.run("return document.querySelector('#sync-status').textContent;") == ""
    peach.start_training("comparison")
    port = server.port
    server.stop()
    peach.answer_comparison("lower")
    peach.back_to_start()
    engine.wait_for("document.querySelector('#sync-status').textContent.startsWith(arguments[0])",
                    "Can’t reach Peach right now.", timeout=15, message="the line saying Peach is out of reach")
    assert engine.is_visible("#sync-status")
    server.start(port=port)
    # No `online` event fires when only the server was away: the retry's back-off sends it.
    wait_until(lambda: server.count("comparisonRecord") == 1, timeout=15, message="the answer on the server")


def test_a_core_that_cannot_be_downloaded_is_said_so(engine, server):
    """The wasm core lost on the way (a proxy answers 404 for it): every page says what is wrong
    and what to do, the training page too."""
    with DelayingProxy(server.port, delay=0) as proxy:
        proxy.refuse(rb"[.]wasm$")
        peach = PeachPage(engine, server)
        engine.goto(proxy.url("/"))
        peach.wait_until_unable_to_open()
        message = ("Peach’s training core could not be downloaded. Check that this device reaches your Peach "
                   "server, then reload the page.")
        engine.wait_for("document.querySelector('#sync-status').textContent === arguments[0]", message)
        assert engine.is_visible("#sync-status")
        engine.click('#main a[href="/comparison"]')
        engine.wait_for("document.body.dataset.page === 'comparison'", message="the training page")
        engine.wait_for("document.querySelector('#sync-status').textContent === arguments[0]", message)
        assert engine.is_visible("#sync-status")
        assert engine.run("return document.querySelector('#answer-higher').disabled;") is True
        assert peach.page == "comparison"
        assert engine.script_errors() == []
