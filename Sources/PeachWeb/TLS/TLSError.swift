/// What can stop `peach serve --lan` from serving HTTPS, each with what to do about it.
public enum TLSError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The `openssl` command, which creates Peach's certificate authority, is not installed.
    case openSSLMissing
    /// `openssl` ran but failed; `output` is what it wrote to standard error.
    case openSSLFailed(step: String, output: String)
    /// The folder that holds the certificate authority cannot be created or made private.
    case folderUnusable(path: String, reason: String)
    /// A `--tls-cert` or `--tls-key` file that cannot be read.
    case unreadableFile(option: String, path: String, reason: String)
    /// A `--tls-cert` file with no PEM certificate in it.
    case notACertificate(path: String)
    /// A `--tls-key` file with no unencrypted PEM private key in it.
    case notAPrivateKey(path: String)
    /// The key does not belong to the certificate, or the TLS library refused the pair.
    case unusablePair(certificate: String, key: String, reason: String)

    public var description: String {
        switch self {
        case .openSSLMissing:
            "Peach needs the openssl command to create its own certificate authority for HTTPS on your network, "
                + "and it is not installed. Install it (on Debian or Ubuntu: apt-get install openssl) and start "
                + "Peach again, or pass a certificate you already have with --tls-cert and --tls-key."
        case .openSSLFailed(let step, let output):
            "openssl could not \(step): \(output.isEmpty ? "it gave no reason" : output). Nothing was served; "
                + "fix the cause (or delete the tls folder beside the database to start over) and start Peach again."
        case .folderUnusable(let path, let reason):
            "Peach cannot keep its certificate authority in \(path): \(reason). Make the folder writable for "
                + "this user (or use --data elsewhere) and start Peach again."
        case .unreadableFile(let option, let path, let reason):
            "\(option) \(path) cannot be read: \(reason). Check the path and that this user may read the file."
        case .notACertificate(let path):
            "--tls-cert \(path) holds no certificate in PEM format (-----BEGIN CERTIFICATE-----). Pass the "
                + "certificate (with its chain) as PEM."
        case .notAPrivateKey(let path):
            "--tls-key \(path) holds no unencrypted private key in PEM format (-----BEGIN PRIVATE KEY-----). Pass "
                + "the certificate's key as PEM, without a passphrase."
        case .unusablePair(let certificate, let key, let reason):
            "The certificate \(certificate) and the key \(key) cannot be used together (\(reason)). Check that "
                + "the key is the certificate's own."
        }
    }
}
