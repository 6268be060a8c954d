"""A phone's slow mobile network, as Chromium's DevTools emulate it ("Slow 4G": 150 ms of
latency, 1.6 Mbit/s down, 750 kbit/s up), for the tests and benchmarks of a first visit and of
the instruments loading on such a link. The emulation is the page's own (CDP
`Network.emulateNetworkConditions`): every request of the page waits the latency and shares the
bandwidth."""

from device_page import DEVICE_OPEN_JS

LATENCY_MS = 150
DOWNLOAD_BYTES_PER_SECOND = 1_600_000 / 8
UPLOAD_BYTES_PER_SECOND = 750_000 / 8


def emulate(page):
    """Puts `page` on slow 4G; returns its CDP session (which must stay open)."""
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": LATENCY_MS,
        "downloadThroughput": DOWNLOAD_BYTES_PER_SECOND, "uploadThroughput": UPLOAD_BYTES_PER_SECOND,
    })
    return session


# The device is open (its core loaded, its store read): the Start page's buttons train. The
# page's clock (ms since the navigation started) when that was first seen, polled every 5 ms.
USABLE = f"() => {DEVICE_OPEN_JS} ? performance.now() : null"


def usable_after(page):
    """Milliseconds from the start of the navigation to a usable Start."""
    try:
        return page.wait_for_function(USABLE, polling=5, timeout=60_000).json_value()
    except Exception:
        print("not usable; the page's requests:", page.evaluate("""() => performance.getEntriesByType('resource')
            .map((entry) => [entry.name, Math.round(entry.startTime), Math.round(entry.responseEnd)])"""))
        raise
