"""Settings from a device whose clock is wrong, in Chromium against the real `peach serve`: a
change stamped in 2100 counts as made when the server received it, and the device takes that
time, so a later change on another device wins on every device (docs/api.md,
`POST /api/sync/settings`)."""

from playwright.sync_api import expect

from device_page import set_clock, settings, sync, wait_for_first_sync

YEAR_2100 = 4_102_444_800_000


def test_a_change_from_a_clock_in_2100_does_not_win_over_later_changes(browser, server):
    pages = []
    for _ in range(2):
        page = browser.new_context().new_page()
        page.goto(server.url("/settings"))
        wait_for_first_sync(page)
        pages.append(page)
    wrong, right = pages
    set_clock(wrong, YEAR_2100)
    wrong.select_option("[name=referencePitch]", "442")
    expect(wrong.locator("#settings-saved")).to_be_visible()
    sync(wrong)
    stamped = server.query("SELECT changedAt FROM setting WHERE key = 'referencePitch'")[0][0]
    assert stamped < YEAR_2100
    # The later change, later by more than the devices' clocks can be off: each stamps its
    # changes on the server's clock as its last sync measured it, to within half that sync's
    # round trip, which on a busy machine has taken over a second.
    sync(right)
    right.wait_for_timeout(3_000)
    right.select_option("[name=referencePitch]", "445")
    expect(right.locator("#settings-saved")).to_be_visible()
    sync(right)
    for _ in range(2):  # the device with the wrong clock syncs again, twice: the later change stays
        for page in pages:
            sync(page)
    for page in pages:
        assert settings(page)["referencePitch"] == "445"
        page.context.close()
    assert server.query("SELECT value FROM setting WHERE key = 'referencePitch'") == [("445",)]
