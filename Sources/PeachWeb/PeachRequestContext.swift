import Hummingbird
import NIOCore

/// The context of every Peach request: Hummingbird's core storage, the connection's remote
/// address (taken from the channel, never from headers, so a client cannot claim to be local)
/// and, on a LAN connection, the paired device making the request.
public struct PeachRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?
    /// The paired device, set by `DeviceAccessMiddleware`; nil for a local (loopback) client.
    public var deviceID: Int64?

    /// Whose pending exercises these are (`TrainingService` bounds them per client): the
    /// paired device, or `""` for this machine.
    public var client: String {
        deviceID.map { "device-\($0)" } ?? ""
    }

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
    }
}
