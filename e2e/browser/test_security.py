"""Hardening in the real browser against the real server: every page works under
Peach's Content-Security-Policy — no violation while training, on the profile, in the settings —
and the server refuses what a hostile page or a rebinding name would send."""

import http.client
import json

from playwright.sync_api import expect

from device_page import sync, wait_for_first_sync
from peach_server import sync_batch
from test_training import answer_comparisons, match_pitches

# Registered before any page script runs; `securitypolicyviolation` fires on the document for
# every blocked inline script, style, handler or foreign resource.
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
});
"""


def violations(page):
    return page.evaluate("window.__cspViolations")


def test_no_csp_violation_while_training_and_on_every_page(page, server):
    server.set_settings(noteDuration=0.3)
    page.add_init_script(RECORD_VIOLATIONS)
    console = []
    page.on("console", lambda message: console.append(message.text) if "Content Security Policy" in message.text else None)
    csp_headers = []
    page.on("response", lambda response: csp_headers.append(response.headers.get("content-security-policy")))

    answer_comparisons(page, server, "Comparison", 3)
    assert violations(page) == []
    match_pitches(page, server, "Pitch Matching", 2)
    assert violations(page) == []
    for path in ["/profile", "/settings", "/settings/reset", "/info", "/interval-comparison", "/no-such-page"]:
        page.goto(server.url(path))
        expect(page.locator("main")).to_be_visible()
        assert violations(page) == [], path
    # A setting changed on the device and synced by the page's own script (fetch under
    # connect-src 'self'), the service worker registered (worker-src from default-src 'self').
    page.goto(server.url("/settings"))
    wait_for_first_sync(page)
    page.locator("select[name=tuningSystem]").select_option("justIntonation")
    expect(page.locator("#settings-saved")).to_be_visible()
    sync(page)
    assert server.query("SELECT value FROM setting WHERE key = 'tuningSystem'") == [("justIntonation",)]
    page.evaluate("() => navigator.serviceWorker.ready")
    assert violations(page) == []
    assert console == []
    # Every page and script came with the policy, and the policy allows no inline script or style.
    assert csp_headers
    for header in csp_headers:
        directives = dict(part.strip().split(" ", 1) for part in header.split(";") if part.strip())
        assert directives["script-src"] == "'self' 'wasm-unsafe-eval'" and directives["style-src"] == "'self'"
        assert directives["frame-ancestors"] == "'none'"
        assert "'unsafe-inline'" not in header and "'unsafe-eval'" not in header
    assert server.count("comparisonRecord") == 3


def request(server, method, path, headers, body=None):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def test_a_rebinding_name_or_a_foreign_origin_is_refused_and_nothing_is_stored(server):
    own = f"127.0.0.1:{server.port}"
    body = json.dumps({"confirm": True})
    answer = json.dumps(sync_batch(1))
    answer_path = "/api/sync/records"
    for host in [f"evil.example:{server.port}", f"127.0.0.1:{server.port + 1}", "127.0.0.1"]:
        status, reply = request(server, "GET", "/api/export", {"Host": host})
        assert status == 403 and json.loads(reply)["error"]["code"] == "unknownHost", host
        status, _ = request(server, "POST", answer_path, {"Host": host, "Content-Type": "application/json"}, answer)
        assert status == 403, host
    for origin in ["http://evil.example", "null", f"http://localhost:{server.port}"]:
        status, reply = request(
            server, "POST", answer_path, {"Host": own, "Origin": origin, "Content-Type": "application/json"}, answer)
        assert status == 403 and json.loads(reply)["error"]["code"] == "crossSiteRequest", origin
    status, _ = request(server, "POST", answer_path, {"Host": own, "Origin": f"http://{own}", "Content-Type": "text/plain"}, answer)
    assert status == 415
    assert server.count("comparisonRecord") == 0
    for host in [own, f"localhost:{server.port}", f"[::1]:{server.port}"]:
        status, _ = request(server, "GET", "/healthz", {"Host": host})
        assert status == 200, host
    status, _ = request(server, "POST", answer_path, {"Host": own, "Origin": f"http://{own}", "Content-Type": "application/json"}, answer)
    assert status == 200
    assert server.count("comparisonRecord") == 1
    status, _ = request(server, "POST", "/api/reset", {"Host": own, "Origin": "http://evil.example", "Content-Type": "application/json"}, body)
    assert status == 403
    assert server.count("comparisonRecord") == 1
