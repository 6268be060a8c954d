import NIOCore
import NIOSSL

/// The first handler of every connection when `peach serve --lan` serves HTTPS: it looks at
/// the connection's first byte and, for TLS, puts NIOSSL's server handler behind itself; either
/// way it then leaves the pipeline. So one port serves HTTPS to the network and plain HTTP to
/// this computer (`http://127.0.0.1:8080/` keeps working, and loopback is a secure context)
/// and can redirect plain HTTP from the network to HTTPS (`HTTPSRedirectMiddleware`).
///
/// A TLS connection starts with a handshake record, content type 22 (0x16, RFC 8446 §5.1); an
/// HTTP/1 request starts with a method's capital letter. Nothing else is read or kept.
final class TLSDetector: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    static let handshakeRecord: UInt8 = 0x16

    let sslContext: NIOSSLContext

    init(sslContext: NIOSSLContext) {
        self.sslContext = sslContext
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        // An empty read says nothing yet; wait for the first byte.
        guard let first = buffer.getInteger(at: buffer.readerIndex, as: UInt8.self) else { return }
        if first == Self.handshakeRecord {
            do {
                try context.pipeline.syncOperations.addHandler(
                    NIOSSLServerHandler(context: sslContext), position: .after(self))
            } catch {
                context.close(promise: nil)
                return
            }
        }
        context.fireChannelRead(data)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}
