"""The one history at its edges, in Chromium against the real `peach serve` on real files
(docs/sync.md, "A restored or displaced history", "Clocks"): a restore of an older backup heals
from the devices that hold the answers given since, and so does a copy of the file put back with
cp, which keeps its identity; answers a reset or a replacing import removed do not come back; a device whose clock is behind keeps what
it answered after a reset, and one whose answers a reset removed is told how many; a change
from a clock far ahead is stamped once, on the server's clock."""

import pathlib
import shutil
import time

from playwright.sync_api import expect

from device_page import (device_records, give_answers, returning_user, set_clock, set_setting, stored_settings, sync,
                         wait_for_first_sync)

MINUTE = 60_000
YEAR_2100 = 4_102_444_800_000


def open_device(browser, server, path="/"):
    """A device (browser context) that opened `path` and synced once: (context, page)."""
    context = returning_user(browser.new_context())
    page = context.new_page()
    page.goto(server.url(path))
    wait_for_first_sync(page)
    return context, page


def comparisons(count):
    return [("comparison", "higher" if index % 2 else "lower") for index in range(count)]


def stored_ids(server):
    return [id for (id,) in server.query("SELECT exerciseID FROM comparisonRecord")]


def test_a_restored_backup_gets_back_every_answer_given_since_from_the_devices_once(browser, server, tmp_path):
    devices = [open_device(browser, server)[1] for _ in range(2)]
    for page in devices:
        give_answers(page, comparisons(3))
        sync(page)
    backup = tmp_path / "backup.sqlite"
    server.cli("backup", str(backup))
    for page in devices:
        give_answers(page, comparisons(2))
        sync(page)
    given = {record["id"] for page in devices for record in device_records(page)}
    assert len(given) == 10 and set(stored_ids(server)) == given
    server.stop()
    server.cli("restore", str(backup), "--yes")
    assert len(stored_ids(server)) == 6, "the backup lacks the four answers given since"
    server.start(server.port)
    for page in devices:
        sync(page)
    ids = stored_ids(server)
    assert sorted(ids) == sorted(given), "every answer is back, each once"
    for page in devices:
        assert {record["state"] for record in device_records(page)} <= {"accepted", "included"}
        # No answer refused or discarded: Start, where the devices are, has nothing to say.
        expect(page.locator("#sync-status")).to_have_text("")


def test_a_copy_put_back_with_cp_gets_back_every_answer_given_since_from_the_devices_once(browser, server, tmp_path):
    devices = [open_device(browser, server)[1] for _ in range(2)]
    for page in devices:
        give_answers(page, comparisons(3))
        sync(page)
    # A copy made as a user would: the server stopped (its WAL checkpointed), the file copied.
    server.stop()
    copy = tmp_path / "copy.sqlite"
    shutil.copyfile(server.data_path, copy)
    server.start(server.port)
    for page in devices:
        give_answers(page, comparisons(2))
        sync(page)
    given = {record["id"] for page in devices for record in device_records(page)}
    assert len(given) == 10 and set(stored_ids(server)) == given
    # Put back with cp while the server is stopped, whatever lay beside the file removed: the
    # same file, the same identity, so nothing tells the devices but what the history lacks.
    server.stop()
    for beside in ("-wal", "-shm"):
        pathlib.Path(f"{server.data_path}{beside}").unlink(missing_ok=True)
    shutil.copyfile(copy, server.data_path)
    assert len(stored_ids(server)) == 6, "the copy lacks the four answers given since"
    server.start(server.port)
    for page in devices:
        sync(page)
    ids = stored_ids(server)
    assert sorted(ids) == sorted(given), "every answer is back, each once"
    for page in devices:
        assert {record["state"] for record in device_records(page)} <= {"accepted", "included"}
        expect(page.locator("#sync-status")).to_have_text("")


def test_answers_a_replacing_import_removed_do_not_come_back_from_the_devices_that_gave_them(browser, server, tmp_path):
    devices = [open_device(browser, server)[1] for _ in range(2)]
    for page in devices:
        give_answers(page, comparisons(2))
        sync(page)
    # The history exported and imported back in place of itself, as after editing the file: the
    # same answers under new ids (a CSV carries none), each device's newest one gone by its id.
    server.stop()
    exported = tmp_path / "history.csv"
    server.cli("export", "--output", str(exported))
    server.cli("import", str(exported), "--replace", "--yes")
    server.start(server.port)
    assert server.count("comparisonRecord") == 4
    for page in devices + devices:
        sync(page)
    assert server.count("comparisonRecord") == 4, "no answer comes back beside its imported copy"


def test_answers_a_reset_removed_do_not_come_back_from_the_devices_that_gave_them(browser, server):
    devices = [open_device(browser, server)[1] for _ in range(2)]
    for page in devices:
        give_answers(page, comparisons(2))
        sync(page)
    assert server.count("comparisonRecord") == 4
    time.sleep(0.01)  # a later millisecond on the server's clock for the reset
    server.api("POST", "/api/reset", {"confirm": True})
    time.sleep(0.01)
    # Each device's newest accepted answer is gone from the history, and the reset says why.
    for page in devices + devices:
        sync(page)
    assert server.count("comparisonRecord") == 0
    assert all(device_records(page) == [] for page in devices)
    give_answers(devices[0], comparisons(1))
    for page in devices:
        sync(page)
    assert server.count("comparisonRecord") == 1, "only the answer given after the reset"


def test_a_device_whose_clock_is_behind_keeps_its_answers_after_a_reset_and_is_told_of_those_removed(browser, server):
    context, page = open_device(browser, server)
    set_clock(page, int(time.time() * 1000) - 3 * MINUTE)
    sync(page)  # measures how far its clock is behind
    context.set_offline(True)
    give_answers(page, comparisons(1))  # before the reset, not yet synced
    time.sleep(0.01)  # a later millisecond on the server's clock for the reset
    server.api("POST", "/api/reset", {"confirm": True})
    time.sleep(0.01)
    give_answers(page, comparisons(2))  # after the reset, stamped three minutes before it
    context.set_offline(False)
    sync(page)
    assert server.count("comparisonRecord") == 2, "the two answers after the reset are kept"
    assert len(device_records(page)) == 2
    page.goto(server.url("/"))
    wait_for_first_sync(page)
    status = page.locator("#sync-status")
    expect(status).to_be_visible()
    expect(status).to_contain_text("1 answer from before your training data was reset was not kept")


def test_a_setting_changed_under_a_clock_far_ahead_is_stamped_once_on_the_servers_clock(browser, server):
    _, wrong = open_device(browser, server, "/settings")
    set_clock(wrong, YEAR_2100)
    for name, value in [("referencePitch", "442"), ("noteDuration", "0.7"), ("tuningSystem", "justIntonation")]:
        set_setting(wrong, name, value)
    sync(wrong)
    # The server counted them as made when they arrived; the device took those stamps.
    server_stamps = dict(server.query("SELECT key, changedAt FROM setting"))
    for name, change in stored_settings(wrong).items():
        assert change["changedAt"] == server_stamps[name] < YEAR_2100, name
    # Its next change is stamped on the server's clock, as measured at that sync.
    set_setting(wrong, "loudnessVariation", "0.5")
    assert stored_settings(wrong)["loudnessVariation"]["changedAt"] < YEAR_2100
    # A later change on another device wins everywhere, through every sync after.
    _, right = open_device(browser, server, "/settings")
    set_setting(right, "referencePitch", "445")
    sync(right)
    for page in (wrong, right, wrong, right):
        sync(page)
    assert server.query("SELECT value FROM setting WHERE key = 'referencePitch'") == [("445",)]
    assert stored_settings(wrong)["referencePitch"]["value"] == "445"
