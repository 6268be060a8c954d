import HummingbirdCore
import Logging
import NIOCore
import NIOSSL

/// Hummingbird's HTTP/1 channel behind a `TLSDetector`: HTTPS and plain HTTP on one port
/// (like HummingbirdTLS's `TLSChannel`, which makes every connection TLS). Every handler of
/// the HTTP/1 channel — connection limits, the request deadline, the idle timeout, the
/// absolute-form guard — runs on both kinds of connection, behind the TLS handler for HTTPS.
struct HTTPAndHTTPSChannel: ServerChildChannel, HTTPChannelHandler {
    typealias Value = HTTP1Channel.Value

    let base: HTTP1Channel
    let sslContext: NIOSSLContext

    var responder: HTTPChannelHandler.Responder { base.responder }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(TLSDetector(sslContext: sslContext))
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
