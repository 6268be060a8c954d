import HTTPTypes
import NIOCore
import NIOHTTPTypes
import NIOSSL

/// Sets each request's scheme from the connection, `https` behind TLS and `http` otherwise,
/// so that the routes can tell them apart (`Request.isHTTPS`): Hummingbird's HTTP/1 channel
/// marks every request `http`. A client cannot choose it: it comes from the pipeline, never
/// from the request.
final class RequestSchemeHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    /// Whether this connection is TLS, known from its first request head on (by then the
    /// `TLSDetector` has decided).
    private var secure: Bool?

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        let secure =
            self.secure ?? ((try? context.pipeline.syncOperations.handler(type: NIOSSLServerHandler.self)) != nil)
        self.secure = secure
        head.scheme = secure ? "https" : "http"
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }
}
