"""Chromium trusts Peach's certificate authority the way a phone does once its owner installed
it (issue 15): the pairing page over HTTPS on the machine's network address opens without a
certificate error and is a secure context, which service workers need.

The trust comes from `chromium_trust_env` (an NSS database in a throwaway HOME), so later
browser tests over HTTPS can reuse it. Debian's Chromium only, never a downloaded browser."""

import pytest
from playwright.sync_api import sync_playwright

from peach_lan import LANServer, chromium_trust_env, spki_hash

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture
def server(tmp_path):
    server = LANServer(tmp_path / "peach.sqlite", "--lan")
    yield server
    server.stop()


def test_pairing_page_over_https_is_a_secure_context_in_chromium(server, tmp_path):
    address, port, code = server.next_pairing()
    env = chromium_trust_env(server.ca_path, tmp_path / "home")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, env=env)
        try:
            # No ignore_https_errors: a certificate error would fail the navigation.
            page = browser.new_context().new_page()
            response = page.goto(f"https://{address}:{port}/pair?code={code}")
            assert response.status == 200
            assert page.evaluate("window.isSecureContext") is True
            assert page.evaluate("location.protocol") == "https:"
            assert page.locator("#certificate-download").get_attribute("href") == "/peach-ca.crt"
            # Plain HTTP on the network address ends up there too.
            response = page.goto(f"http://{address}:{port}/pair?code={code}")
            assert page.url == f"https://{address}:{port}/pair?code={code}"
            assert page.evaluate("window.isSecureContext") is True
            # Pairing works in the browser, and its cookie is Secure.
            page.click("#pair-form button")
            page.wait_for_url(f"https://{address}:{port}/")
            cookies = page.context.cookies()
            assert [c["secure"] for c in cookies if c["name"] == "peach_session"] == [True]
        finally:
            browser.close()


def test_chromium_without_the_authority_refuses_the_certificate(server):
    address, port, code = server.next_pairing()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        try:
            page = browser.new_context().new_page()
            with pytest.raises(Exception, match="ERR_CERT"):
                page.goto(f"https://{address}:{port}/pair?code={code}")
        finally:
            browser.close()


def test_spki_list_lets_a_test_skip_the_check_for_peachs_server_certificate(server):
    """`spki_hash`, for a browser test that needs HTTPS but not the trust store."""
    address, port, code = server.next_pairing()
    spki = spki_hash(server.ca_path.parent / "server.crt")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=[f"--ignore-certificate-errors-spki-list={spki}"])
        try:
            page = browser.new_context().new_page()
            assert page.goto(f"https://{address}:{port}/pair?code={code}").status == 200
            assert page.evaluate("window.isSecureContext") is True
        finally:
            browser.close()
