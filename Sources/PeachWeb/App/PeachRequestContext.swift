import Hummingbird
import NIOCore

/// The context of every Peach request: Hummingbird's core storage, the connection's remote
/// address (taken from the channel, never from headers, so a client cannot claim to be local)
/// and, on a LAN connection, the paired device making the request.
public struct PeachRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?
    /// Whose pending exercises these are (`TrainingService` bounds them per client and answers
    /// an exercise only for the client it was issued to): `""` for this machine, else set by
    /// `DeviceAccessMiddleware` to the paired device's `PairedDevice.client`.
    public var client = ""

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
    }
}
