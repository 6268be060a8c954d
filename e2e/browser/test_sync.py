"""Local-first training and sync (docs/sync.md), in Chromium against the real `peach serve` and its
database file: a device trains with no network at all and keeps every answer; once online, the
server holds exactly those records, once; an upload cut off by a killed server is completed after
the restart without a duplicate; two devices that trained apart end with the same union; the
settings settle by last writer wins; what the server refuses stays on the device and is shown."""

import math
import time
import re

from playwright.sync_api import expect

from delaying_proxy import DelayingProxy
from device_page import (device_records, exercise, give_answers, kept_profile, profile_terms, render_here, returning_user,
                         seed_profile, set_clock, settings, start_sync, sync, wait_for_device, wait_for_exercise,
                         wait_for_first_sync, wait_for_setting, wait_for_swapped_in_page, tap_gaps)
from peach_server import (RECORD_FIELD, RECORD_KIND, TRAINING_PAGES, TUNING_SYSTEMS, record_field, record_numbers, sync_batch,
                          wait_until)



def stored_records(server):
    """Every record on the server by id, as the device's store keeps its numbers: a pitch record's
    rhythm fields and a rhythm record's pitch fields 0, a position without a mean NaN."""
    nan = float("nan")
    pitch = dict(tempoBPM=0, offsetMs=0, position0=0, position1=0, position2=0, position3=0)
    no_notes = dict(referenceNote=0, targetNote=0, tuningSystem=0, centOffset=0)
    rows = server.query(
        f"SELECT exerciseID, {RECORD_KIND['comparison']}, timestamp, referenceNote, targetNote, tuningSystem, "
        "centOffset, isCorrect FROM comparisonRecord UNION ALL "
        f"SELECT exerciseID, {RECORD_KIND['pitchMatching']}, timestamp, referenceNote, targetNote, tuningSystem, "
        "initialCentOffset, userCentError FROM pitchMatchingRecord")
    records = {row[0]: tuple(record_numbers(
        kind=row[1], timestamp=row[2], referenceNote=row[3], targetNote=row[4],
        tuningSystem=TUNING_SYSTEMS.index(row[5]), centOffset=row[6], outcome=row[7], **pitch)) for row in rows}
    for row in server.query("SELECT exerciseID, timestamp, tempoBPM, offsetMs, isCorrect FROM rhythmOffsetDetectionRecord"):
        records[row[0]] = tuple(record_numbers(
            kind=RECORD_KIND["rhythmOffsetDetection"], timestamp=row[1], tempoBPM=row[2], offsetMs=row[3],
            outcome=row[4], **no_notes, position0=0, position1=0, position2=0, position3=0))
    for row in server.query(
            "SELECT exerciseID, timestamp, tempoBPM, meanOffsetMs, hitCount, meanOffsetMsPosition0, meanOffsetMsPosition1, "
            "meanOffsetMsPosition2, meanOffsetMsPosition3 FROM continuousRhythmMatchingRecord"):
        positions = {f"position{index}": nan if value is None else value for index, value in enumerate(row[5:])}
        records[row[0]] = tuple(record_numbers(
            kind=RECORD_KIND["continuousRhythmMatching"], timestamp=row[1], tempoBPM=row[2], offsetMs=row[3],
            outcome=nan if row[4] is None else row[4], **no_notes, **positions))
    return records


def as_device_keeps(records):
    return {record["id"]: tuple(record["numbers"]) for record in records}


def train(page, count, kind):
    """Answers `count` exercises of the page's mode by keyboard (↑ or a slider key and Enter, ←
    or →), or taps `count` Fill the Gap trials on the audio clock."""
    if kind == "continuousRhythmMatching":
        for index in range(count):
            records = len(device_records(page))
            wait_for_exercise(page)
            tap_gaps(page, offset_ms=0)
            wait_until(lambda: len(device_records(page)) > records, timeout=15, message="the trial's record")
        return
    if kind == "rhythmOffsetDetection":
        for index in range(count):
            expect(page.locator("#answer-early")).to_be_enabled(timeout=10_000)
            page.keyboard.press("ArrowLeft" if index % 2 else "ArrowRight")
            expect(page.locator("#answer-early")).to_be_disabled()
        return
    control = page.locator("#answer-higher" if kind == "comparison" else "#pitch-slider")
    for index in range(count):
        if kind == "comparison":
            expect(control).to_be_enabled(timeout=10_000)
            page.keyboard.press("ArrowUp" if index % 2 else "ArrowDown")
            expect(control).to_be_disabled()
        else:
            expect(control).to_have_attribute("aria-disabled", "false", timeout=10_000)
            page.keyboard.press("PageUp" if index % 2 else "PageDown")
            page.keyboard.press("Enter")
            expect(control).to_have_attribute("aria-disabled", "true")


def answer_kind(page):
    """How the training page shown is answered, as `train` takes it: the exercise it plays."""
    return page.locator("body").get_attribute("data-kind")


def offline_device(browser, server):
    """A device that opened Peach once (notes of 0.3 s), then lost the network: reloaded from
    its service worker. Returns (context, page, the server's port to restart it on).

    Playwright's offline mode does not reach a service worker that starts after it (a worker
    restarts once no page of it is open), so the server is stopped as well: nothing at all can
    answer while the device is offline."""
    server.set_settings(noteDuration=0.3, tempo=160)
    context = returning_user(browser.new_context())
    page = context.new_page()
    page.goto(server.url("/"))
    wait_for_first_sync(page)
    page.evaluate("() => navigator.serviceWorker.ready")
    context.set_offline(True)
    port = server.port
    server.stop()
    page.reload()  # from the service worker: no network at all
    wait_for_device(page)
    return context, page, port


def test_offline_training_is_kept_on_the_device_and_synced_once(browser, server):
    context, page, port = offline_device(browser, server)
    expect(page.locator("body")).to_have_attribute("data-page", "start")
    page.get_by_role("link", name="Comparison", exact=True).click()
    wait_for_exercise(page)
    train(page, 20, "comparison")
    page.get_by_role("link", name="Back to Start").click()
    page.get_by_role("link", name="Pitch Matching", exact=True).click()
    wait_for_exercise(page, "/pitch-matching")
    train(page, 10, "pitchMatching")
    kept = as_device_keeps(device_records(page))
    assert len(kept) == 30
    page.close()

    # Opened again, still offline: the answers are there and the profile shows them.
    page = context.new_page()
    page.goto(server.url("/profile"))
    wait_for_device(page)
    expect(page.locator("main h1")).to_have_text("Profile")
    # The profile counts those 20 comparisons and 10 pitch matchings (each mode's list).
    terms = profile_terms(page)
    assert terms["comparison"]["Answers"] == "20" and terms["pitchMatching"]["Attempts"] == "10", terms
    assert as_device_keeps(device_records(page, "waiting")) == kept
    assert server.count("comparisonRecord") + server.count("pitchMatchingRecord") == 0

    server.start(port=port)
    context.set_offline(False)
    assert sync(page)["state"] == "synced"
    on_server = stored_records(server)
    assert set(on_server) == set(kept), "exactly those 30 records, once"
    for record_id, numbers in kept.items():
        stored = on_server[record_id]
        for name, index in RECORD_FIELD.items():
            assert math.isclose(stored[index], numbers[index], abs_tol=1e-9), (record_id, name)
    assert sync(page)["state"] == "synced"
    assert len(stored_records(server)) == 30, "a second sync adds nothing"
    assert len(device_records(page, "included")) == 30
    context.close()


def test_every_page_opens_and_works_offline(browser, server):
    """Start, every training mode, Settings (a change applies to the next exercise), Profile and
    Info, with no network and no server: rendered on the device by the wasm views."""
    context, page, port = offline_device(browser, server)
    for path in TRAINING_PAGES:  # every training page of the server's route table
        page.locator(f'#main a[href="{path}"]').click()
        wait_for_exercise(page, path)
        train(page, 1, answer_kind(page))
        page.get_by_role("link", name="Back to Start").click()
        expect(page.locator("body")).to_have_attribute("data-page", "start")
    page.get_by_role("link", name="Settings").click()
    expect(page.locator("main h1")).to_have_text("Settings")
    page.select_option("[name=referencePitch]", "442")
    expect(page.locator("#settings-saved")).to_be_visible()
    page.get_by_role("link", name="Back to Start").click()
    page.get_by_role("link", name="Comparison", exact=True).click()
    wait_for_exercise(page, "/comparison")
    reference = exercise(page)["reference"]["frequency"]
    semitones = 12 * math.log2(reference / 442)
    assert abs(semitones - round(semitones)) < 1e-9, "the next exercise is tuned from A4 = 442 Hz"
    for link, heading in (("Profile", "Profile"), ("Info", None)):
        page.get_by_role("link", name="Back to Start").click()
        expect(page.locator("body")).to_have_attribute("data-page", "start")
        page.get_by_role("link", name=link, exact=True).click()
        expect(page.locator("main h1")).to_have_text(heading or re.compile("Peach"))
    assert len(device_records(page, "waiting")) == len(TRAINING_PAGES)  # one answer in each mode

    server.start(port=port)
    context.set_offline(False)
    assert sync(page)["state"] == "synced"
    assert len(stored_records(server)) == len(TRAINING_PAGES)
    assert server.query("SELECT value FROM setting WHERE key = 'referencePitch'") == [("442",)]
    context.close()


def test_a_server_killed_mid_upload_ends_with_every_record_once(browser, server):
    context = browser.new_context()
    page = context.new_page()
    with DelayingProxy(server.port, delay=0.2) as proxy:
        page.goto(proxy.url("/"))
        wait_for_first_sync(page)
        # 500 answers queued on the device: answered through the core and stored as training
        # stores them, without the 500 × 1 s of playing them.
        give_answers(page, [("comparison", "higher") if index % 2 else ("pitchMatching", 0.1) for index in range(500)])
        wait_until(lambda: len(device_records(page, "waiting")) == 500, message="500 queued answers")
        kept = as_device_keeps(device_records(page))

        # First: killed with the first batch committed and its reply on the way back.
        proxy.hold_next_upload_response()
        start_sync(page)
        proxy.wait_until_held()
        port = server.port
        server.kill()
        proxy.drop_held()
        server.start(port=port)
        # Then: killed while the next batch is still travelling to it (200 ms each way).
        start_sync(page)
        wait_until(lambda: proxy.uploads >= 2, message="the second upload under way")
        server.kill()
        server.start(port=port)
        assert sync(page)["state"] == "synced"
    assert set(stored_records(server)) == set(kept), "every record on the server exactly once"
    assert len(device_records(page, "included")) == 500
    context.close()


def opened_devices(browser, server, count):
    """`count` devices (browser contexts) that opened Start and synced once, their service
    worker ready: [(context, page)]."""
    devices = []
    for _ in range(count):
        context = returning_user(browser.new_context())
        page = context.new_page()
        page.goto(server.url("/"))
        wait_for_first_sync(page)
        page.evaluate("() => navigator.serviceWorker.ready")
        devices.append((context, page))
    return devices


def train_mode(page, count):
    """From Start: `count` comparisons, then back to Start."""
    page.get_by_role("link", name="Comparison", exact=True).click()
    wait_for_exercise(page)
    train(page, count, "comparison")
    page.get_by_role("link", name="Back to Start").click()


def test_two_devices_train_apart_and_end_with_the_same_union(browser, server):
    server.set_settings(noteDuration=0.3)
    devices = opened_devices(browser, server, 2)
    for context, _ in devices:
        context.set_offline(True)
    for count, (context, page) in zip((6, 4), devices):
        train_mode(page, count)
    union = {}
    for context, page in devices:
        union.update(as_device_keeps(device_records(page)))
    assert len(union) == 10
    for context, page in devices:
        context.set_offline(False)
        sync(page)
    for context, page in devices:
        sync(page)  # the second device's answers reach the first with this one
    assert set(stored_records(server)) == set(union)
    stats = server.cli("stats")
    assert [line.split()[-1] for line in stats.splitlines() if line.startswith("  Comparison ")] == ["10"], stats
    served = page.request.get(server.url("/profile"), headers={"Accept-Language": "en"}).text()
    for context, page in devices:
        page.goto(server.url("/profile"))
        wait_for_device(page)
        wait_for_swapped_in_page(page)
        on_device = render_here(page, "/profile")
        assert on_device == served, "the device's profile is the server's"
        context.close()


def test_settings_changed_on_two_devices_settle_on_the_later_change(browser, server):
    pages = []
    for _ in range(2):
        page = browser.new_context().new_page()
        page.goto(server.url("/settings"))
        wait_for_first_sync(page)
        pages.append(page)
    first, second = pages
    first.select_option("[name=referencePitch]", "442")
    expect(first.locator("#settings-saved")).to_be_visible()
    first.wait_for_timeout(5)  # a later millisecond for the second change
    second.select_option("[name=referencePitch]", "445")
    second.select_option("[name=tuningSystem]", "pythagorean")
    expect(second.locator("#settings-saved")).to_be_visible()
    wait_for_setting(second, "tuningSystem", "pythagorean")
    sync(second)
    sync(first)  # the older change arrives last and loses; the other setting comes along
    for page in pages:
        sync(page)
        kept = settings(page)
        assert (kept["referencePitch"], kept["tuningSystem"]) == ("445", "pythagorean")
        page.context.close()
    assert dict(server.query("SELECT key, value FROM setting WHERE key IN ('referencePitch', 'tuningSystem')")) == {
        "referencePitch": "445", "tuningSystem": "pythagorean"}


def test_a_record_the_server_refuses_stays_on_the_device_and_is_shown(page, server):
    page.goto(server.url("/"))
    wait_for_first_sync(page)
    # An answer from a device whose clock runs a day ahead: the server refuses its timestamp.
    set_clock(page, time.time() * 1000 + 86_400_000)
    give_answers(page, [("comparison", "higher")])
    set_clock(page, time.time() * 1000)
    wait_until(lambda: len(device_records(page, "waiting")) == 1, message="the answer stored")
    status = sync(page)
    assert status["refused"] == 1 and status["reason"]
    [refused] = device_records(page, "refused")
    assert refused["reason"]["code"] == "futureTimestamp"
    expect(page.locator("#sync-status")).to_contain_text("Peach refused 1 answer, which stays on this device: ")
    assert server.count("comparisonRecord") == 0
    page.reload()
    wait_for_first_sync(page)
    assert len(device_records(page, "refused")) == 1, "never dropped"


def test_a_reset_reaches_every_device_answers_before_it_never_come_back(browser, server):
    """Device A answers and resets the history 2 s later in Settings, its last answer not yet
    synced; device B, offline during the reset, holds answers from before it. After both sync:
    only the answers made after the reset exist, on the server and on both devices."""
    server.set_settings(noteDuration=0.3)
    devices = opened_devices(browser, server, 2)
    (a_context, a), (b_context, b) = devices
    b_context.set_offline(True)
    for page in (a, b):
        train_mode(page, 2)
    sync(a)
    assert server.count("comparisonRecord") == 2
    # A's next answer does not reach the server before the reset.
    a.route("**/api/sync/records", lambda route: route.abort())
    a.get_by_role("link", name="Comparison", exact=True).click()
    wait_for_exercise(a)
    train(a, 1, "comparison")
    a.get_by_role("link", name="Settings").click()
    a.locator("#reset-button").click()
    a.locator("#reset-confirm").click()
    expect(a.locator("#reset-result")).to_have_text("Deleted 2 training records.")
    # The sync after the reset tells A when it was: every answer made before goes, the one
    # that never reached the server too.
    wait_until(lambda: len(device_records(a)) == 0, message="device A forgot its answers from before the reset")
    a.unroute("**/api/sync/records")
    sync(a)
    assert server.count("comparisonRecord") == 0, "A's late answer did not come back"

    # After the reset both devices train on; B comes back online and syncs.
    a.get_by_role("link", name="Back to Start").click()
    for page in (a, b):
        train_mode(page, 1)
    b_context.set_offline(False)
    for page in (b, a, b):
        sync(page)
    assert server.count("comparisonRecord") == 2, "one answer of each device, both made after the reset"
    reset_at = server.query("SELECT resetAt FROM historyReset")[0][0]
    assert all(timestamp > reset_at for (timestamp,) in server.query("SELECT timestamp FROM comparisonRecord"))
    for context, page in devices:
        records = device_records(page)
        assert len(records) == 1 and record_field(records[0], "timestamp") > reset_at, "only its answer after the reset"
        page.goto(server.url("/profile"))
        wait_for_device(page)
        terms = profile_terms(page)
        assert terms["comparison"]["Answers"] == "2", terms
        context.close()


def test_the_profile_summary_is_downloaded_again_only_when_another_device_changed_it(page, server):
    """A device that trains alone downloads the summary once; after that its uploads' replies
    tell it that its own answers were the only change (it counts them already), so it asks for
    nothing, and a sync with nothing to upload gets a 304; answers from another device make the
    next sync download it, and the device's profile then counts them."""
    statuses = []
    page.on("response", lambda response: statuses.append(response.status)
            if response.url.endswith("/api/sync/profile") else None)
    page.goto(server.url("/"))
    wait_for_first_sync(page)
    assert statuses == [200]

    def answer(count):
        give_answers(page, [("comparison", "higher")] * count)
        wait_until(lambda: len(device_records(page, "waiting")) == count, message=f"{count} answers stored")

    for _ in range(3):
        answer(4)
        assert sync(page)["state"] == "synced"
    assert statuses == [200], "nothing asked while only this device trained"
    assert len(device_records(page, "accepted")) == 12
    assert sync(page)["state"] == "synced"
    assert statuses == [200, 304], "nothing to upload: asked with its version, nothing downloaded"

    server.api("POST", "/api/sync/records", sync_batch(5))  # another device's answers
    answer(2)
    assert sync(page)["state"] == "synced"
    assert statuses[-1] == 200
    assert len(device_records(page, "included")) == 14
    page.goto(server.url("/profile"))
    wait_for_device(page)
    terms = profile_terms(page)
    assert terms["comparison"]["Answers"] == "19", terms


def test_a_summary_kept_by_a_previous_version_is_refused_not_misread_and_the_next_sync_replaces_it(page, server):
    """A device updated to this Peach may still hold the profile summary an older Peach kept
    (version 1: means of |cent offset|, not counts per offset). The core refuses it rather than
    read its numbers as counts; the device goes on from its own records, and the next sync
    brings the server's summary of this version."""
    from test_profile import import_fixture  # test_profile imports test_server_pages, not this module

    import_fixture(server)
    page.goto(server.url("/"))
    wait_for_first_sync(page)

    def answers():
        """The comparisons' list of the Profile page as the device renders it (its text)."""
        return page.evaluate("""(html) => new DOMParser().parseFromString(html, 'text/html')
            .querySelector('.profile-mode[data-mode=comparison] dl').textContent""", render_here(page, "/profile"))

    assert "Answers3" in answers()
    current = kept_profile(page)[0]  # the version of the summary this Peach reads
    assert current > 1
    # Version 1's empty summary: its version, then 3,123 zeros.
    seed_profile(page, [1] + [0] * 3123)
    assert kept_profile(page)[0] == 1
    assert "Answers0" in answers(), "the old summary is not read: the device has no records of its own"
    assert sync(page)["state"] == "synced"
    assert kept_profile(page)[0] == current
    assert "Answers3" in answers()


def test_start_says_when_the_server_has_been_out_of_reach_for_a_week(browser, server):
    """Start's sync line is quiet while the server is briefly out of reach with nothing waiting,
    and says when the last sync was once it has been a week (SyncStatus.longWithoutServer)."""
    context, page, _ = offline_device(browser, server)
    line = page.locator("#sync-status")
    assert sync(page)["state"] == "offline"
    expect(line).to_have_text("")
    now = page.evaluate("Date.now()")
    set_clock(page, now + 8 * 86_400_000)
    page.reload()
    wait_for_device(page)
    assert sync(page)["state"] == "offline"
    expect(line).to_have_text(
        "Can’t reach Peach right now. Your answers are kept on this device and sync later. "
        "The last sync was 8 days ago: is your Peach server running?")
    expect(line).to_be_visible()  # seen on Start, not only in the accessibility tree
    shown = line.bounding_box()
    assert shown and shown["width"] > 0 and shown["height"] > 0, shown
    context.close()
