"""Training and sync over a slow or failing network, against the real server
and database file. Training runs on the device: no request is on the path from an answer to the
next exercise, so a slow or absent network changes nothing in the training, and the answers reach
the server by sync, each exactly once.

Failures are injected at the network only, by the delaying proxy (delaying_proxy.py) between
Chromium and `peach serve` — 50 ms each way, going offline (connection refused), or keeping a
reply from the browser after the server sent it. The audio is observed on the page's own clock by
audio_probe.py.
"""

from __future__ import annotations

import statistics

from playwright.sync_api import expect

import audio_probe
import slow_network
from delaying_proxy import DelayingProxy
from device_page import device_records, exercise, start_sync, sync, wait_for_exercise, wait_for_first_sync

# The answer controls open on the reference oscillator's `ended` event (audio-engine.js), which
# the main thread sees after the audio thread has rendered past the target's start: so never
# before it, and late by at most one render callback of the audio device (Chromium renders in
# callbacks of 10–20 ms on Linux; `currentTime` advances in such steps) plus the event's trip to
# the main thread. 50 ms is well under a musician's reaction time (~150 ms and more), so a tap
# at the target's onset is never lost.
OPEN_TOLERANCE_SECONDS = 0.050


def start_through(page, proxy, link_name):
    page.goto(proxy.url("/"))
    wait_for_first_sync(page)
    page.get_by_role("link", name=link_name, exact=True).click()
    wait_for_exercise(page)


def sync_in_background(page):
    """Starts a sync without waiting for it (its reply may never come)."""
    start_sync(page)


def stored_ids(server):
    return sorted(row[0] for row in server.query(
        "SELECT exerciseID FROM comparisonRecord UNION ALL SELECT exerciseID FROM pitchMatchingRecord"))


def device_ids(page):
    return sorted(record["id"] for record in device_records(page))


def test_twenty_comparisons_through_a_slow_network(page, server):
    """50 ms each way, syncs going on meanwhile: the notes still play back to back, the answers
    open at the target's onset, and an upload whose reply was lost (so the device sent it again)
    stores each record once."""
    server.set_settings(noteDuration=0.3)
    audio_probe.install(page)
    higher = page.locator("#answer-higher")
    with DelayingProxy(server.port, delay=0.05) as proxy:
        start_through(page, proxy, "Comparison")
        exercises = []
        for index in range(20):
            expect(higher).to_be_enabled(timeout=10_000)
            exercises.append(exercise(page))
            page.keyboard.press("ArrowUp" if index % 2 else "ArrowDown")
            expect(higher).to_be_disabled()
            if index == 7:
                proxy.hold_next_upload_response()
                sync_in_background(page)
                proxy.wait_until_held()  # the server has replied, so it has the records …
                assert server.count("comparisonRecord") == 8
                proxy.drop_held()  # … but the device never hears it and sends them again
        expect(higher).to_be_enabled(timeout=10_000)  # the 21st exercise's target has started
        exercises.append(exercise(page))
        status = sync(page)
        uploads = proxy.uploads

    notes = audio_probe.notes(page)
    opened = audio_probe.opened(page)
    assert len(notes) == 2 * len(exercises) == 42, "one reference and one target per exercise, nothing else"
    assert len(opened) == len(exercises)
    sample = 1 / notes[0].sample_rate
    delays = []
    for k, played in enumerate(exercises):
        reference, target = notes[2 * k], notes[2 * k + 1]
        # What the core chose is what plays (an AudioParam holds float32: 1e-6 relative).
        assert abs(reference.frequency / played["reference"]["frequency"] - 1) < 1e-6
        assert abs(target.frequency / played["target"]["frequency"] - 1) < 1e-6
        assert abs(reference.end - reference.start - 0.3) < sample
        # Back to back: the target starts where the reference ends, to within a sample.
        assert abs(target.start - reference.end) <= sample, f"exercise {k}: gap {target.start - reference.end} s"
        # No overlap: the previous exercise's target is silent before this reference starts.
        if k:
            assert notes[2 * k - 1].end <= reference.start, f"exercise {k} overlaps the previous one"
        # The answer controls open at the target's onset.
        delay = opened[k] - target.start
        assert 0 <= delay <= OPEN_TOLERANCE_SECONDS, f"exercise {k}: answers opened {delay * 1000:.1f} ms after the target"
        delays.append(delay)
    print(f"answers opened after the target's onset: median {statistics.median(delays) * 1000:.1f} ms, "
          f"max {max(delays) * 1000:.1f} ms")

    assert uploads >= 2, "the upload whose reply was lost was sent again"
    since = status.pop("sinceSync")  # milliseconds since this run succeeded: a moment
    assert 0 <= since < 60_000, since
    assert status == {"state": "synced", "waiting": 0, "refused": 0, "reason": "", "message": "", "discarded": 0}
    assert stored_ids(server) == device_ids(page), "each answer stored exactly once"
    assert len(stored_ids(server)) == 20


def test_training_goes_on_while_the_server_is_unreachable_and_the_answers_arrive_once(page, server):
    server.set_settings(noteDuration=0.3)
    audio_probe.install(page)
    higher = page.locator("#answer-higher")
    with DelayingProxy(server.port) as proxy:
        start_through(page, proxy, "Comparison")
        proxy.go_offline()  # connections refused from now on, as if the network were gone
        for index in range(5):
            expect(higher).to_be_enabled(timeout=10_000)
            page.keyboard.press("ArrowUp")
            expect(page.locator("#feedback")).not_to_have_attribute("data-state", "")
        expect(higher).to_be_enabled(timeout=10_000)  # a sixth exercise plays: training goes on
        assert len(device_records(page, "waiting")) == 5
        assert exercise(page) is not None
        page.get_by_role("link", name="Back to Start").click()
        expect(page.locator("body")).to_have_attribute("data-page", "start")
        audio_probe.wait_until_silent(page)
        sync(page)
        # Headless Chromium does not keep a site's storage for it: the line says so too.
        expect(page.locator("#sync-status")).to_have_text(
            "Can’t reach Peach right now. Your answers are kept on this device and sync later. 5 answers are "
            "waiting to sync. This browser may delete them if Peach isn’t opened for a while: let them sync soon.")
        assert server.count("comparisonRecord") == 0

        proxy.go_online()
        assert sync(page)["state"] == "synced"
        # Nothing needs the user any more: Start says nothing (Settings says "Synced with Peach.").
        expect(page.locator("#sync-status")).to_have_text("")
    # Its own answers were the profile's only change: the device counts them on top of the
    # summary it holds and does not download the summary again (docs/sync.md).
    assert len(device_records(page, "accepted")) == 5
    assert stored_ids(server) == device_ids(page)


def test_the_server_stops_right_after_storing_an_upload_and_comes_back(page, server):
    server.set_settings(noteDuration=0.3)
    higher = page.locator("#answer-higher")
    with DelayingProxy(server.port) as proxy:
        start_through(page, proxy, "Comparison")
        for _ in range(3):
            expect(higher).to_be_enabled(timeout=10_000)
            page.keyboard.press("ArrowDown")
            expect(higher).to_be_disabled()
        proxy.hold_next_upload_response()
        sync_in_background(page)
        proxy.wait_until_held()  # the server replied: the batch is committed …
        port = server.port
        server.stop()  # … and the server goes away before the device hears back
        proxy.drop_held()
        expect(higher).to_be_enabled(timeout=10_000)  # training never noticed
        page.keyboard.press("ArrowUp")
        expect(higher).to_be_disabled()
        assert len(device_records(page, "waiting")) == 4
        server.start(port=port)  # the same file, the same address
        assert sync(page)["state"] == "synced"
    ids = stored_ids(server)
    assert len(ids) == 4 and ids == device_ids(page), "the retried batch stored nothing twice"


def test_a_first_visit_over_a_slow_phone_network_reaches_a_usable_start(new_page, server):
    """Slow 4G (150 ms, 1.6 Mbit/s down): the first visit fetches the page, then the wasm core
    and every module at once (the page's Link header preloads them), each compressed in Brotli,
    opens the device, and a tap on Comparison trains. How long it takes is printed here; the
    figure is bench_page_load.py's."""
    page = new_page()
    slow_network.emulate(page)
    responses = []
    page.on("response", lambda response: responses.append(response))
    page.goto(server.url("/"))
    usable = slow_network.usable_after(page)
    assets = {response.url.rsplit("/", 1)[-1]: response for response in responses if "/assets/" in response.url}
    core = next(name for name in assets if name.startswith("peach-core.") and name.endswith(".wasm"))
    for name in (core, "app.js", "device.js", "peach-core.js", "peach.css"):
        assert assets[name].header_value("content-encoding") == "br", f"{name} is sent compressed"
    transferred = page.evaluate("""() => [performance.getEntriesByType('navigation')[0],
        ...performance.getEntriesByType('resource')].reduce((sum, entry) => sum + entry.transferSize, 0)""")
    assert transferred < 300_000, f"{transferred} bytes: the first visit's files are compressed"
    page.get_by_role("link", name="Comparison", exact=True).click()
    wait_for_exercise(page)
    print(f"slow 4G: Start usable {usable:.0f} ms after the navigation began, {transferred} bytes")
