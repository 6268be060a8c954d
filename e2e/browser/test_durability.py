"""An answer shown as answered is on the device's disk: the feedback appears only once the
answer's IndexedDB transaction has committed, so killing the browser right after the feedback
loses nothing — shown by killing Debian's Chromium (SIGKILL, every process of it) at that very
moment and reading its IndexedDB after a restart on the same profile.

"Slow storage" is a stand-in added before the page's scripts: it keeps each write of a record
busy for 300 ms (more requests in the same transaction), so that the commit comes well after the
answer, as on a phone whose flash storage is slow. Without it the commit takes a few
milliseconds; the kill test runs both ways."""

from __future__ import annotations

import os
import pathlib
import signal
import subprocess
import time

import pytest
from playwright.sync_api import expect

from conftest import CHROMIUM, CHROMIUM_ARGS
from device_page import device_records, returning_user, wait_for_device, wait_for_first_sync

SLOW_STORAGE = """(() => {
  window.__commits = [];
  window.__feedbackAt = [];
  const transaction = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (stores, mode, options) {
    const tx = transaction.call(this, stores, mode, options);
    const names = [].concat(stores);
    // An answer's write: the one strict-durability transaction that writes a record.
    if (mode === 'readwrite' && names.includes('records') && options?.durability === 'strict' && window.__slowStorage) {
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
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
})()"""


def test_the_feedback_waits_for_the_commit_of_slow_storage(page, server):
    server.set_settings(noteDuration=0.3)
    page.add_init_script(SLOW_STORAGE)
    page.goto(server.url("/"))
    wait_for_first_sync(page)
    page.evaluate("window.__slowStorage = true")
    page.get_by_role("link", name="Comparison", exact=True).click()
    higher = page.locator("#answer-higher")
    for answer in range(3):
        expect(higher).to_be_enabled(timeout=10_000)
        answered = page.evaluate("() => { document.querySelector('#answer-higher').click(); return performance.now(); }")
        # Recorded as it happens (the feedback shows for 400 ms only: polling could miss it).
        page.wait_for_function(f"() => window.__feedbackAt.length === {answer + 1}")
        shown = page.evaluate("window.__feedbackAt.at(-1)")
        commit = page.evaluate(f"window.__commits.filter((at) => at > {answered})[0]")
        assert commit - answered >= 290, "the stand-in held the commit"
        assert shown >= commit, f"feedback {shown - commit:.1f} ms before the commit"
    # Training goes on: the next exercise, moved to a whole feedback time after the slow commit.
    expect(higher).to_be_enabled(timeout=10_000)


def launch(profile: pathlib.Path) -> subprocess.Popen:
    """Debian's Chromium on `profile`, headless, with a DevTools port it writes into the profile."""
    (profile / "DevToolsActivePort").unlink(missing_ok=True)
    return subprocess.Popen(
        # --no-sandbox as Playwright launches it (the tests run as root, where the sandbox cannot).
        [CHROMIUM, "--headless", "--no-sandbox", "--remote-debugging-port=0", f"--user-data-dir={profile}",
         "--no-first-run", "--no-default-browser-check", *CHROMIUM_ARGS, "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)


def endpoint(profile: pathlib.Path) -> str:
    port_file = profile / "DevToolsActivePort"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if port_file.exists():
            lines = port_file.read_text().split()
            if lines:
                return f"http://127.0.0.1:{lines[0]}"
        time.sleep(0.05)  # Chromium writes the file when it listens; nothing to wait on but it
    raise AssertionError("Chromium did not start")


@pytest.mark.parametrize("slow", [False, True], ids=["storage", "slow storage"])
def test_an_answer_shown_survives_the_browser_killed_right_after_its_feedback(browser, server, tmp_path, slow):
    server.set_settings(noteDuration=0.3)
    profile = tmp_path / "profile"
    profile.mkdir()
    rounds = 3
    # Playwright's own Chromium (`browser`) only lends its driver: the browser killed here is a
    # process of the test's own, on a profile that outlives it.
    chromium_type = browser.browser_type
    for round_ in range(rounds):
        chromium = launch(profile)
        try:
            killed = chromium_type.connect_over_cdp(endpoint(profile))
            context = returning_user(killed.contexts[0])
            context.add_init_script(SLOW_STORAGE)
            page = context.new_page()
            page.goto(server.url("/"))
            wait_for_first_sync(page)
            kept = device_records(page)
            assert len(kept) == round_, f"round {round_}: {len(kept)} answers kept of {round_}"
            page.evaluate(f"window.__slowStorage = {'true' if slow else 'false'}")
            page.get_by_role("link", name="Comparison", exact=True).click()
            expect(page.locator("#answer-higher")).to_be_enabled(timeout=10_000)
            page.keyboard.press("ArrowUp")
            # The moment the user sees the answer taken: the browser dies.
            page.wait_for_function("() => document.querySelector('#feedback').dataset.state !== ''", polling="raf")
        finally:
            os.killpg(chromium.pid, signal.SIGKILL)
            chromium.wait(timeout=30)
    chromium = launch(profile)
    try:
        page = chromium_type.connect_over_cdp(endpoint(profile)).contexts[0].new_page()
        page.goto(server.url("/profile"))
        wait_for_device(page)
        kept = device_records(page)
        assert len(kept) == rounds, f"{rounds} answers shown, {len(kept)} kept"
    finally:
        os.killpg(chromium.pid, signal.SIGKILL)
        chromium.wait(timeout=30)
