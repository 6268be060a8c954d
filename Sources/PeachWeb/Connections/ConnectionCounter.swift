import NIOConcurrencyHelpers

/// Counts the open connections from the network (not this machine's loopback), in total and per
/// client address, and admits a new one only within `ConnectionLimits`. Shared by every
/// connection's `ConnectionLimitHandler`, on any event loop, hence the lock.
final class ConnectionCounter: Sendable {
    let limits: ConnectionLimits
    private let state = NIOLockedValueBox(State())

    private struct State {
        var total = 0
        var byAddress: [String: Int] = [:]
    }

    init(limits: ConnectionLimits) {
        self.limits = limits
    }

    /// Counts a connection from `address` (a `ClientAddressClassifier.key`) if it fits the
    /// limits; false if it does not (then nothing is counted).
    func admit(_ address: String) -> Bool {
        state.withLockedValue { state in
            let current = state.byAddress[address, default: 0]
            guard state.total < limits.networkTotal, current < limits.perNetworkAddress else { return false }
            state.total += 1
            state.byAddress[address] = current + 1
            return true
        }
    }

    /// Forgets a connection `admit` counted.
    func release(_ address: String) {
        state.withLockedValue { state in
            state.total -= 1
            let remaining = state.byAddress[address, default: 1] - 1
            state.byAddress[address] = remaining > 0 ? remaining : nil
        }
    }

    /// The network connections open now (for tests).
    var networkConnections: Int { state.withLockedValue { $0.total } }
}
