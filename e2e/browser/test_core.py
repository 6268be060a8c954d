"""The wasm core as the server serves it and Chromium runs it: its address holds its
content hash and it is cached for good; in Chromium it decides exactly what the native build
decides (100,000 seeded operations), and renders every page a device shows (Start, Profile,
Settings, Info, the training pages) byte for byte as the real server does from the same records
in its database."""

import hashlib
import json
import os
import pathlib
import re
import subprocess
import urllib.request

import pytest

from peach_server import ROOT, PeachServer, device_pages

CHECK = pathlib.Path(os.environ.get("PEACH_CORE_CHECK", ROOT / ".build" / "debug" / "PeachCoreCheck"))
BUILT_CORE = ROOT / ".build" / "wasm" / "peach-core.wasm"
# The test build: the same core with the differential trace's export (scripts/build-wasm.sh).
CHECK_CORE = ROOT / ".build" / "wasm" / "peach-core-check.wasm"

LOAD_CORE = """async () => {
    const { peachCoreURL } = await import('/assets/peach-core-url.js');
    const { loadPeachCore } = await import('/assets/core/peach-core.js');
    window.core = await loadPeachCore(peachCoreURL);
}"""

# The test build, handed to the page at an address of the server's origin (so the page's
# Content-Security-Policy applies as to the shipped core) by Playwright's routing.
LOAD_CHECK_CORE = """async () => {
    const { loadPeachCore } = await import('/assets/core/peach-core.js');
    window.core = await loadPeachCore('/assets/peach-core-check.wasm');
}"""


def native(*arguments: str) -> str:
    return subprocess.run([str(CHECK), *arguments], check=True, capture_output=True, text=True).stdout


def fetch(url: str):
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.headers, response.read()


def core_url(server) -> str:
    _, _, module = fetch(server.url("/assets/peach-core-url.js"))
    match = re.fullmatch(rb'export const peachCoreURL = "(/assets/peach-core\.([0-9a-f]{16})\.wasm)";\n', module)
    assert match, module
    return match.group(1).decode()


def test_the_server_serves_the_core_under_its_content_hash_for_good(server):
    url = core_url(server)
    status, headers, body = fetch(server.url(url))
    assert status == 200
    assert headers["Content-Type"] == "application/wasm"
    assert headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert body == BUILT_CORE.read_bytes()
    assert url == f"/assets/peach-core.{hashlib.sha256(body).hexdigest()[:16]}.wasm"
    # The unhashed name is not served: a page can only ask for the build it was written with.
    with pytest.raises(urllib.error.HTTPError) as refused:
        fetch(server.url("/assets/peach-core.wasm"))
    assert refused.value.code == 404
    # The module that names it is revalidated like every other script.
    _, headers, _ = fetch(server.url("/assets/peach-core-url.js"))
    assert headers["Cache-Control"] == "no-cache"


@pytest.mark.parametrize("seed", [7, 9007199254740993])
def test_the_core_in_chromium_decides_what_the_native_core_decides(server, page, tmp_path, seed):
    operations = 50_000  # two seeds: 100,000 operations
    page.route("**/assets/peach-core-check.wasm", lambda route: route.fulfill(
        status=200, content_type="application/wasm", body=CHECK_CORE.read_bytes()))
    page.goto(server.url("/"))
    page.evaluate(LOAD_CHECK_CORE)
    wasm_trace = tmp_path / "chromium.txt"
    wasm_trace.write_text(page.evaluate("([seed, n]) => core.trace(BigInt(seed), n)", [str(seed), operations]))
    native_trace = tmp_path / "native.txt"
    native_trace.write_text(native("trace", str(seed), str(operations)))
    comparison = subprocess.run(
        ["node", str(ROOT / "Client" / "tests" / "trace-comparison.mjs"), str(native_trace), str(wasm_trace)],
        capture_output=True, text=True)
    assert comparison.returncode == 0, comparison.stdout + comparison.stderr
    assert json.loads(comparison.stdout)["lines"] > operations


@pytest.mark.parametrize("fixture", ["dense", "sparse"])
def test_the_core_in_chromium_renders_what_the_server_renders(tmp_path, new_page, fixture):
    database = tmp_path / "peach.sqlite"
    records = json.loads(native("database", fixture, str(database)))
    server = PeachServer(database)
    server.start()
    try:
        for language in ("en", "de"):
            page = new_page(locale={"en": "en-US", "de": "de-DE"}[language])
            page.goto(server.url("/"))
            page.evaluate(LOAD_CORE)
            assert page.evaluate("records => core.replaceProfile(null, Float64Array.from(records))", records)
            for path, name in device_pages().items():
                _, _, served = fetch_in_language(server.url(path), language)
                rendered = page.evaluate("([name, language]) => core.render(name, language)", [name, language])
                assert rendered == served.decode(), f"{fixture} {name} {language}"
    finally:
        server.stop()


def fetch_in_language(url: str, language: str):
    request = urllib.request.Request(url, headers={"Accept-Language": language})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, response.headers, response.read()
