import PeachCore

/// The vertical axis of the profile and timeline charts: cents on a logarithmic scale from
/// 0.1 to 100, the bounds of the adaptive chain (`KazezChain`), with 100 at the top and 0.1 at
/// the bottom, so that finer hearing moves the band down toward the keys.
struct CentsScale {
    static let minimum = KazezChain.minimumMagnitude
    static let maximum = KazezChain.maximumMagnitude
    /// Where the axis is labelled: one gridline per decade.
    static let decades: [Cents] = [0.1, 1, 10, 100]

    /// The y coordinate of `maximum`.
    let top: Double
    /// The y coordinate of `minimum`.
    let bottom: Double

    /// The y coordinate of `cents`.
    ///
    /// Values outside 0.1…100 are clamped to the nearest bound: the chain never leaves that
    /// span, but imported data may (a cent offset of 0 has no logarithm at all), and a band that
    /// ran off the chart would hide more than the clamp does. The summary statistics still show
    /// the exact values.
    /// - Complexity: O(1).
    func y(_ cents: Cents) -> Double {
        let clamped = min(max(cents, Self.minimum), Self.maximum).value
        let fraction = Math.log10(clamped / Self.minimum.value) / Math.log10(Self.maximum.value / Self.minimum.value)
        return bottom - fraction * (bottom - top)
    }
}
