import Hummingbird
import NIOCore

/// The context of every Peach request: Hummingbird's core storage, the connection's remote
/// address (taken from the channel, never from headers, so a client cannot claim to be local).
public struct PeachRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
    }
}
