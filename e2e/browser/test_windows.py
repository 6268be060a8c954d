"""Two windows of one device (two tabs, or the installed app and a tab: one browser profile, one
IndexedDB), in Chromium against the real server: each window shows every answer the device holds,
the other window's too, at once and through every sync, without a reload; a setting changed in
one window is the one the other trains with."""

from playwright.sync_api import expect

from device_page import give_answers, returning_user, set_setting, sync, wait_for_first_sync, wait_for_setting


def comparison_answers(page):
    """The Profile page's count of comparison answers, as shown."""
    return (page.locator('.profile-mode[data-mode="comparison"]').locator("dt", has_text="Answers")
            .locator("xpath=following-sibling::dd"))


def preview(page):
    """The Start page's profile preview, the drawing whose accessible name says the threshold."""
    return page.locator("#start-profile svg[aria-label]")


def open_window(context, server, path):
    page = context.new_page()
    page.goto(server.url(path))
    wait_for_first_sync(page)
    return page


def test_two_windows_of_one_device_each_show_every_answer_through_every_sync(browser, server):
    context = returning_user(browser.new_context())
    profile = open_window(context, server, "/profile")
    start = open_window(context, server, "/")

    give_answers(profile, [("comparison", "higher" if index % 3 else "lower") for index in range(20)])
    give_answers(start, [("comparison", "lower" if index % 3 else "higher") for index in range(20)])
    # No sync yet, no reload: the Profile page shown in one window follows the other's answers at
    # once, and each page the other window shows in place counts all 40 as well.
    expect(comparison_answers(profile)).to_have_text("40")
    start.locator("#start-profile").click()
    expect(comparison_answers(start)).to_have_text("40")
    previews = []
    for window in (start, profile):
        window.get_by_role("link", name="Back to Start", exact=True).click()
        previews.append(preview(window).get_attribute("aria-label"))
    # The Start preview of either is the one a window opened now draws.
    fresh = open_window(context, server, "/")
    shown = preview(fresh).get_attribute("aria-label")
    fresh.close()
    assert "Threshold:" in shown, shown
    assert previews == [shown, shown]
    start.locator("#start-profile").click()
    profile.locator("#start-profile").click()

    # A sync in one window uploads its answers and the other's (and the summary comes down);
    # five more answers there and another sync reach the other window at once.
    assert sync(start)["state"] == "synced"
    assert server.count("comparisonRecord") == 40
    give_answers(start, [("comparison", "higher")] * 5)
    assert sync(start)["state"] == "synced"
    expect(comparison_answers(profile)).to_have_text("45")
    assert sync(profile)["state"] == "synced"
    assert server.count("comparisonRecord") == 45
    expect(comparison_answers(profile)).to_have_text("45")
    start.get_by_role("link", name="Back to Start", exact=True).click()
    start.locator("#start-profile").click()
    expect(comparison_answers(start)).to_have_text("45")
    context.close()


def test_a_setting_changed_in_one_window_is_the_one_the_other_trains_with(browser, server):
    context = returning_user(browser.new_context())
    first = open_window(context, server, "/")
    second = open_window(context, server, "/")
    set_setting(first, "tuningSystem", "pythagorean")
    wait_for_setting(second, "tuningSystem", "pythagorean")
    set_setting(second, "noteDuration", "0.5")
    wait_for_setting(first, "noteDuration", "0.5")
    context.close()
