"""An instrument's zone file that arrives damaged (docs/sounds.md), in Chromium against the real
server through a proxy that damages the first reply for each zone file: the server sends zones
`immutable` for a year, so the browser's HTTP cache keeps what came. Peach fetches such a file
once more past that cache, plays the instrument in this visit, and the good copy it fetched is
the one the HTTP cache holds for every later visit."""

import re

from delaying_proxy import DelayingProxy
from device_page import returning_user, wait_for_first_sync
from test_sounds import instrument_ready

ZONE_FILE = rb"^/sounds/[0-9a-f]{64}\.flac$"


def zone_requests(proxy):
    return [path for path in proxy.requested if re.match(ZONE_FILE, path)]


def test_a_zone_damaged_on_the_way_is_fetched_past_the_http_cache_and_plays_in_this_visit_and_the_next(
        browser, server):
    server.set_settings(soundSource="piano")
    with DelayingProxy(server.port, delay=0) as proxy:
        proxy.damage_first(ZONE_FILE)
        context = returning_user(browser.new_context())
        page = context.new_page()
        page.goto(proxy.url("/"))
        wait_for_first_sync(page)
        instrument_ready(page)
        damaged = list(proxy.damaged)
        assert damaged, "the piano's zones came through the proxy"
        # Each file was asked for once more after it came damaged (all of them did), and no more.
        requests = zone_requests(proxy)
        assert sorted(requests) == sorted(damaged * 2), requests

        # The next visit, with Peach's own copies gone (a browser that evicted them), takes the
        # files from the HTTP cache: the good copies, not one damaged byte.
        page.evaluate("() => caches.delete('peach-sounds')")
        page.close()
        page = context.new_page()
        page.goto(proxy.url("/"))
        wait_for_first_sync(page)
        instrument_ready(page)
        assert zone_requests(proxy) == requests, "every zone from the HTTP cache"
        context.close()
