import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Makes a request target in absolute form (`GET http://other.example/api/settings`) the
/// request's `Host`, as RFC 9112 §3.2.2 requires of a server ("MUST ignore the received Host
/// header field … and instead use the host information of the request-target"), so that
/// `SameOriginMiddleware` checks the authority the request names. Without it the conversion to
/// HTTP types keeps only the path and the `Host` header, and a request naming another host was
/// served. A target in any other form that is not a path (`CONNECT host:port`, `ftp://…`, an
/// authority with user information) gets an empty `Host`, which no allow-list admits.
///
/// It has to see the HTTP/1 head before Hummingbird's conversion drops the target's authority,
/// so `Installer` (one of Hummingbird's additional channel handlers, which come after that
/// conversion) puts it right behind the HTTP/1 decoder.
final class AbsoluteFormHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data), let host = Self.host(ofTarget: head.uri) else {
            context.fireChannelRead(data)
            return
        }
        head.headers.replaceOrAdd(name: "Host", value: host)
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    /// The `Host` a request target implies: nil for a path (origin form) and `*`, which leave
    /// the `Host` header as it is; the `host[:port]` of an `http(s)` absolute URL; else "".
    static func host(ofTarget target: String) -> String? {
        if target.hasPrefix("/") || target == "*" { return nil }
        return SameOriginMiddleware.authority(ofOrigin: target) ?? ""
    }

    /// Puts an `AbsoluteFormHandler` right behind the HTTP/1 decoder when it is added; if that
    /// cannot be done, closes the connection rather than serve it unguarded.
    final class Installer: ChannelInboundHandler, RemovableChannelHandler {
        /// Parts pass through untouched.
        typealias InboundIn = HTTPRequestPart

        func handlerAdded(context: ChannelHandlerContext) {
            let pipeline = context.pipeline.syncOperations
            do {
                let decoder = try pipeline.context(handlerType: ByteToMessageHandler<HTTPRequestDecoder>.self)
                try pipeline.addHandler(AbsoluteFormHandler(), position: .after(decoder.handler))
            } catch {
                context.close(promise: nil)
            }
        }
    }
}
