import Foundation
import NIOCore

/// How many connections Peach keeps open and how long a request may take to arrive, so that a
/// client on the network cannot take the server down (docs/api.md, "Connections"): connections that
/// send a request head and then trickle its body used to be kept forever, until the process ran out
/// of file descriptors and trapped (libdispatch could no longer open `/proc/<tid>/stat`).
///
/// - `total`: all connections together. Above it the server stops accepting (new connections
///   wait in the kernel's backlog) instead of running out of descriptors; it stays
///   `descriptorReserve` below the open-file limit, and at most 4,096, far more than a household
///   of devices needs (a browser opens at most six connections to a server).
/// - `perNetworkAddress`: connections from one address that is not this machine's loopback
///   (an IPv6 client counts by its /64, from which it can pick any address). Pairing is not known
///   when a connection opens, so every network address is held to what one browser needs, with
///   room for a second tab: an unpaired client can hold 16 connections and no more.
/// - `localReserve`: connections only this machine's loopback may use; the network shares the
///   rest, so a crowd of network clients cannot lock out the computer's own browser.
/// - `requestTimeout`: how long a request may take from its head to its last body byte (the
///   idle timeout bounds the time until the head). The biggest request, a 64 MiB import, arrives
///   within it at 9 Mbit/s; a body that trickles is cut off.
public struct ConnectionLimits: Sendable, Equatable {
    public var total: Int
    public var perNetworkAddress: Int
    public var localReserve: Int
    public var requestTimeout: TimeAmount

    /// File descriptors kept for the server's own use: SQLite's database, WAL and shared-memory
    /// files for the writer and each reader plus its temporary files, libdispatch's reads of
    /// `/proc`, the event loops' epoll and event descriptors, the listening socket and stdio.
    public static let descriptorReserve = 128

    public init(
        total: Int = 4096, perNetworkAddress: Int = 16, localReserve: Int? = nil,
        requestTimeout: TimeAmount = .seconds(60)
    ) {
        self.total = total
        self.perNetworkAddress = perNetworkAddress
        self.localReserve = localReserve ?? max(1, total / 16)
        self.requestTimeout = requestTimeout
    }

    /// Limits within an open-file limit of `openFileLimit` descriptors: at most 4,096
    /// connections and always `descriptorReserve` descriptors to spare (at least 16 connections
    /// on an absurdly low limit).
    public init(openFileLimit: Int, requestTimeout: TimeAmount = .seconds(60)) {
        self.init(total: max(16, min(4096, openFileLimit - Self.descriptorReserve)), requestTimeout: requestTimeout)
    }

    /// The connections the network may hold together.
    var networkTotal: Int { max(0, total - localReserve) }
}
