"""LAN mode end to end with the real binary: `peach serve --lan` on this machine's
network address, pairing through the printed link (over HTTPS), `peach devices`
and `peach devices revoke` against the running server, and the refusal of `--host 0.0.0.0`
without `--lan`."""

import pytest

from peach_lan import LANServer, pair, peach, request


@pytest.fixture
def data(tmp_path):
    return tmp_path / "peach.sqlite"


def test_host_beyond_loopback_needs_lan(data):
    result = peach("serve", "--host", "0.0.0.0", "--port", "0", "--data", str(data))
    assert result.returncode != 0
    assert "--lan" in result.stderr
    assert "loopback" in result.stderr


def test_pair_list_revoke_against_running_server(data):
    server = LANServer(data, "--lan")
    try:
        address, port, code = server.next_pairing()
        assert address != "127.0.0.1"  # one URL per non-loopback IPv4 address
        assert server.scheme == "https"
        assert "█" in "".join(server.output) or "▀" in "".join(server.output)  # the QR code
        tls = server.tls

        # From the network address (a non-loopback connection): nothing without a session.
        status, headers, page = request(address, port, "GET", "/", tls=tls)
        assert status == 401
        assert "peach serve --lan" in page
        status, _, body = request(address, port, "GET", "/api/settings", tls=tls)
        assert status == 401 and '"pairingRequired"' in body
        # Loopback stays open, on plain HTTP.
        assert request("127.0.0.1", port, "GET", "/")[0] == 200

        cookie, set_cookie = pair(address, port, code, tls=tls)
        assert "HttpOnly" in set_cookie and "SameSite=Strict" in set_cookie and "Path=/" in set_cookie
        assert set_cookie.endswith("; Secure")
        assert request(address, port, "GET", "/", headers={"Cookie": cookie}, tls=tls)[0] == 200
        # The code is used up; a fresh one is printed for the next device.
        assert request(address, port, "GET", f"/pair?code={code}", tls=tls)[0] == 410
        _, _, next_code = server.next_pairing()
        assert next_code != code

        listed = peach("devices", "--data", str(data))
        assert listed.returncode == 0, listed.stderr
        lines = listed.stdout.splitlines()
        assert lines[0].split() == ["ID", "NAME", "PAIRED", "LAST", "SEEN"]
        assert [cell.strip() for cell in lines[1].split("  ") if cell.strip()][:2] == ["1", "Android · Chrome"]

        revoked = peach("devices", "revoke", "1", "--data", str(data))
        assert revoked.returncode == 0, revoked.stderr
        # The running server refuses the revoked device at its very next request.
        assert request(address, port, "GET", "/", headers={"Cookie": cookie}, tls=tls)[0] == 401

        unknown = peach("devices", "revoke", "1", "--data", str(data))
        assert unknown.returncode != 0
        assert "no paired device with ID 1" in unknown.stderr
        assert "No paired devices" in peach("devices", "--data", str(data)).stdout
    finally:
        server.stop()
