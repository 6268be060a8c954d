"""HTTPS on the LAN (docs/cli.md, "HTTPS on the network") with the real binary on this machine's
network address: Peach's own certificate authority (created on the first `--lan` start beside the
database, reused after a restart), a certificate that verifies for every network address and for
`<hostname>.local`, plain HTTP redirected to HTTPS, the pairing gate over HTTPS, the authority's key
private (0600) and in no response, and `--tls-cert`/`--tls-key`."""

import base64
import os
import socket
import ssl
import stat
import subprocess

import pytest

from peach_lan import LANServer, hostname_local, pair, peach, request


@pytest.fixture
def data(tmp_path):
    return tmp_path / "peach.sqlite"


@pytest.fixture
def server(data):
    server = LANServer(data, "--lan")
    yield server
    server.stop()


def handshake(tls, address, port, server_hostname):
    """The server's certificate (DER) after a verified handshake with `address`, asking for
    `server_hostname`; raises `ssl.SSLCertVerificationError` when it does not verify."""
    with socket.create_connection((address, port), timeout=10) as raw:
        with tls.wrap_socket(raw, server_hostname=server_hostname) as connection:
            return connection.getpeercert(binary_form=True)


def pem_body(path):
    """The base64 body of a PEM file, and the DER bytes it encodes."""
    lines = [line for line in path.read_text().splitlines() if line and not line.startswith("-----")]
    return "".join(lines), base64.b64decode("".join(lines))


def test_certificate_verifies_for_every_address_and_hostname_local(server):
    address, port, _ = server.next_pairing()
    addresses = server.addresses()
    assert address in addresses and "127.0.0.1" not in addresses
    tls = server.tls
    for each in addresses:
        handshake(tls, each, port, each)
    # Connected to the network address while asking for the computer's mDNS name.
    handshake(tls, address, port, hostname_local())
    handshake(tls, "127.0.0.1", port, "localhost")
    # A name the certificate is not for does not verify: the check is real.
    with pytest.raises(ssl.SSLCertVerificationError):
        handshake(tls, address, port, "peach.example.com")
    # Nor does a client that does not trust Peach's authority.
    with pytest.raises(ssl.SSLCertVerificationError):
        handshake(ssl.create_default_context(), address, port, address)


def test_plain_http_from_the_network_redirects_to_https_and_loopback_stays_plain(server):
    address, port, code = server.next_pairing()
    status, headers, _ = request(address, port, "GET", f"/pair?code={code}")
    assert status == 308
    assert headers["Location"] == f"https://{address}:{port}/pair?code={code}"
    status, headers, _ = request(address, port, "POST", "/pair", body=f"code={code}",
                                 headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 308 and headers["Location"] == f"https://{address}:{port}/pair"
    # The redirect used nothing: the code still pairs over HTTPS.
    pair(address, port, code, tls=server.tls)
    # This computer keeps the README's plain address, and may use HTTPS too.
    assert request("127.0.0.1", port, "GET", "/")[0] == 200
    assert request("127.0.0.1", port, "GET", "/", tls=server.tls)[0] == 200


def test_https_serves_the_pairing_gate_with_the_certificate_and_its_steps(server):
    address, port, code = server.next_pairing()
    tls = server.tls
    status, headers, page = request(address, port, "GET", "/", tls=tls)
    assert status == 401
    assert "Content-Security-Policy" in headers
    assert 'href="/peach-ca.crt"' in page and "Certificate Trust Settings" in page
    status, _, page = request(address, port, "GET", "/", headers={"Accept-Language": "de"}, tls=tls)
    assert status == 401 and "Zertifikatsvertrauenseinstellungen" in page
    status, _, page = request(address, port, "GET", f"/pair?code={code}", tls=tls)
    assert status == 200 and 'href="/peach-ca.crt"' in page and "Pair this device" in page
    status, headers, body = request(address, port, "GET", "/peach-ca.crt", tls=tls, raw=True)
    assert status == 200
    assert headers["Content-Type"] == "application/x-x509-ca-cert"
    assert body == pem_body(server.ca_path)[1]
    cookie, set_cookie = pair(address, port, code, tls=tls)
    assert set_cookie.endswith("; Secure")
    assert request(address, port, "GET", "/settings", headers={"Cookie": cookie}, tls=tls)[0] == 200


def test_the_authority_key_is_private_and_never_served(server, data):
    address, port, code = server.next_pairing()
    folder = data.parent / "tls"
    assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700
    assert stat.S_IMODE(os.stat(folder / "ca.key").st_mode) == 0o600
    assert stat.S_IMODE(os.stat(folder / "server.key").st_mode) == 0o600
    secrets = []
    for key in ("ca.key", "server.key"):
        text, der = pem_body(folder / key)
        secrets += [text.encode(), der, text[:40].encode()]
    tls = server.tls
    responses = [
        request(address, port, "GET", path, tls=tls, raw=True)
        for path in ["/peach-ca.crt", "/", f"/pair?code={code}", "/pair?code=WRONG", "/api/settings",
                     "/assets/peach.css", "/tls/ca.key", "/ca.key"]
    ] + [request("127.0.0.1", port, "GET", path, raw=True) for path in ["/", "/peach-ca.crt", "/info"]]
    for status, headers, body in responses:
        everything = body + str(headers).encode()
        assert not any(secret in everything for secret in secrets)
    # Nor is a key in the data folder anywhere else.
    assert sorted(p.name for p in folder.iterdir()) == ["ca.crt", "ca.key", "server.crt", "server.key",
                                                         "server.names"]


def test_a_restart_reuses_the_authority(data):
    first = LANServer(data, "--lan")
    try:
        first.next_pairing()
    finally:
        first.stop()
    folder = data.parent / "tls"
    before = {name: (folder / name).read_bytes() for name in ("ca.crt", "ca.key", "server.crt")}
    second = LANServer(data, "--lan")
    try:
        address, port, _ = second.next_pairing()
        handshake(second.tls, address, port, address)
    finally:
        second.stop()
    assert {name: (folder / name).read_bytes() for name in before} == before


def make_own_certificate(folder, address):
    """A user's own certificate authority and a certificate from it for `address` and
    `peach.example` (as a domain or tailnet certificate would be), with openssl."""
    def run(*args):
        subprocess.run(["openssl", *args], check=True, capture_output=True, cwd=folder)
    run("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-noenc", "-keyout", "own-ca.key",
        "-out", "own-ca.crt", "-days", "30", "-subj", "/CN=Own test CA",
        "-addext", "keyUsage=critical,keyCertSign")
    (folder / "own.cnf").write_text(
        "[server]\nbasicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\n"
        f"extendedKeyUsage=serverAuth\nsubjectAltName=DNS:peach.example,IP:{address}\n"
        "authorityKeyIdentifier=keyid\nsubjectKeyIdentifier=hash\n")
    run("req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-noenc", "-keyout", "own.key",
        "-out", "own.csr", "-subj", "/CN=peach.example")
    run("x509", "-req", "-in", "own.csr", "-CA", "own-ca.crt", "-CAkey", "own-ca.key", "-days", "30",
        "-extfile", "own.cnf", "-extensions", "server", "-out", "own.crt")
    return folder / "own.crt", folder / "own.key", folder / "own-ca.crt"


def test_tls_cert_and_key_serve_the_given_certificate_and_no_authority(tmp_path, data):
    probe = LANServer(tmp_path / "probe" / "peach.sqlite", "--lan")
    try:
        address = probe.next_pairing()[0]
    finally:
        probe.stop()
    certificate, key, own_ca = make_own_certificate(tmp_path, address)
    server = LANServer(data, "--lan", "--tls-cert", str(certificate), "--tls-key", str(key))
    try:
        address, port, code = server.next_pairing()
        tls = ssl.create_default_context(cafile=str(own_ca))
        served = handshake(tls, address, port, address)
        assert served == pem_body(certificate)[1]
        handshake(tls, address, port, "peach.example")
        # The certificate's own name is a host Peach answers to.
        status, _, page = request(address, port, "GET", "/", tls=tls)
        assert status == 401 and "peach-ca.crt" not in page
        assert request(address, port, "GET", "/peach-ca.crt", tls=tls)[0] == 404
        pair(address, port, code, tls=tls)
    finally:
        server.stop()
    assert not (data.parent / "tls").exists()


def test_unusable_tls_options_are_refused_with_what_to_do(tmp_path, data):
    missing = tmp_path / "missing.key"
    (tmp_path / "cert.pem").write_text("not a certificate\n")
    result = peach("serve", "--lan", "--port", "0", "--data", str(data), "--tls-cert", str(tmp_path / "cert.pem"),
                   "--tls-key", str(missing))
    assert result.returncode != 0
    assert f"--tls-key {missing} cannot be read" in result.stderr
    assert "Fatal error" not in result.stderr
    result = peach("serve", "--lan", "--port", "0", "--data", str(data), "--tls-cert", str(tmp_path / "cert.pem"))
    assert result.returncode != 0 and "--tls-cert and --tls-key go together" in result.stderr
    result = peach("serve", "--port", "0", "--data", str(data), "--tls-cert", "a", "--tls-key", "b")
    assert result.returncode != 0 and "are for --lan" in result.stderr


def test_certificates_follow_apples_rules_for_trusted_certificates(server):
    """What iOS and macOS require of a TLS server certificate and of an authority a person trusts
    by hand (Apple's "Requirements for trusted certificates in iOS 13 and macOS 10.15",
    support.apple.com/103769): RSA keys of 2048 bits or more (or EC), SHA-2 signatures, the
    server's names in the Subject Alternative Name (the Common Name is not used), the serverAuth
    extended key usage, at most 825 days of validity; and an authority with a Common Name, which
    is how it is listed in Settings → General → About → Certificate Trust Settings."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec, rsa
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    address, port, _ = server.next_pairing()
    folder = server.ca_path.parent
    served = x509.load_der_x509_certificate(handshake(server.tls, address, port, address))
    on_disk = x509.load_pem_x509_certificate((folder / "server.crt").read_bytes())
    assert served == on_disk, "the certificate served is the one Peach issued"
    authority = x509.load_pem_x509_certificate(server.ca_path.read_bytes())

    for certificate in (served, authority):
        key = certificate.public_key()
        assert isinstance(key, (rsa.RSAPublicKey, ec.EllipticCurvePublicKey))
        if isinstance(key, rsa.RSAPublicKey):
            assert key.key_size >= 2048
        else:
            assert key.curve.key_size >= 256
        assert isinstance(certificate.signature_hash_algorithm, (hashes.SHA256, hashes.SHA384, hashes.SHA512))

    names = served.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert hostname_local() in names.get_values_for_type(x509.DNSName)
    assert address in [str(ip) for ip in names.get_values_for_type(x509.IPAddress)]
    usage = served.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value
    assert ExtendedKeyUsageOID.SERVER_AUTH in usage
    assert served.extensions.get_extension_for_class(x509.BasicConstraints).value.ca is False
    validity = served.not_valid_after_utc - served.not_valid_before_utc
    assert validity.days <= 825, validity
    assert validity.days <= 398, "also within what Safari accepts of publicly trusted certificates"
    assert served.issuer == authority.subject

    [common_name] = authority.subject.get_attributes_for_oid(NameOID.COMMON_NAME)
    assert common_name.value.startswith("Peach on ")
    assert authority.extensions.get_extension_for_class(x509.BasicConstraints).value.ca is True
