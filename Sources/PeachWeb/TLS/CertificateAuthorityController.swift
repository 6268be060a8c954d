import Hummingbird
import PeachViews

/// `GET /peach-ca.crt`: the certificate of Peach's own authority (DER), which a phone installs
/// and trusts once so that Peach's HTTPS on the network is a secure context. Open to unpaired
/// devices: a certificate is public. Only the certificate: the authority's key never leaves the
/// data folder. Not routed when the user brings their own certificate.
struct CertificateAuthorityController: Sendable {
    let certificate: [UInt8]

    func addRoutes(to router: Router<PeachRequestContext>) {
        let certificate = self.certificate
        router.get(RouterPath(PageRoute.certificateAuthority.path)) { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "application/x-x509-ca-cert", .cacheControl: "no-cache"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: certificate)))
        }
    }
}
