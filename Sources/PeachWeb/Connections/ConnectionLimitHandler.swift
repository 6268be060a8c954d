import NIOCore
import NIOHTTPTypes

/// Closes a new connection from the network at once when its address, or the network as a
/// whole, already holds as many as `ConnectionLimits` allows; counts it until it closes
/// otherwise. Connections over loopback come from this machine and are bounded only by the
/// total (`MaximumAvailableConnections` in `buildApplication`).
final class ConnectionLimitHandler: ChannelInboundHandler, RemovableChannelHandler {
    /// Parts pass through untouched.
    typealias InboundIn = HTTPRequestPart

    let counter: ConnectionCounter
    private var checked = false

    init(counter: ConnectionCounter) {
        self.counter = counter
    }

    // A connection is checked when it becomes active, or when this handler is added if it
    // already is (as Hummingbird's own connection handler does).
    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { check(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        check(context)
        context.fireChannelActive()
    }

    private func check(_ context: ChannelHandlerContext) {
        guard !checked else { return }
        checked = true
        guard let address = context.channel.remoteAddress, !ClientAddressClassifier.isLoopback(address) else { return }
        let key = ClientAddressClassifier.key(of: address)
        guard counter.admit(key) else {
            context.close(promise: nil)
            return
        }
        let counter = self.counter
        context.channel.closeFuture.whenComplete { _ in counter.release(key) }
    }
}
