#if hasFeature(Embedded)
    // In the WebAssembly build these come from wasi-libc's libm, linked beside the core by
    // scripts/build-wasm.sh; `@_extern(c)` declares a C function without a module map.
    @_extern(c, "log2") private func cLog2(_ x: Double) -> Double
    @_extern(c, "exp2") private func cExp2(_ x: Double) -> Double
    @_extern(c, "log") private func cLog(_ x: Double) -> Double
    @_extern(c, "exp") private func cExp(_ x: Double) -> Double
    @_extern(c, "log10") private func cLog10(_ x: Double) -> Double
#else
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif
    private func cLog2(_ x: Double) -> Double { log2(x) }
    private func cExp2(_ x: Double) -> Double { exp2(x) }
    private func cLog(_ x: Double) -> Double { log(x) }
    private func cExp(_ x: Double) -> Double { exp(x) }
    private func cLog10(_ x: Double) -> Double { log10(x) }
#endif

/// The transcendental functions Peach needs, from the platform's C library: natively its libm,
/// in WebAssembly wasi-libc's. Results may differ in the last bit between the two builds (the
/// differential test allows 0.000001 cent for values computed through them); everything else
/// in the core is IEEE 754 arithmetic, the same bits everywhere. The standard library has no
/// logarithms, and Foundation is not available to the core.
public enum Math {
    public static func log2(_ x: Double) -> Double { cLog2(x) }
    public static func exp2(_ x: Double) -> Double { cExp2(x) }
    /// The natural logarithm.
    public static func log(_ x: Double) -> Double { cLog(x) }
    public static func exp(_ x: Double) -> Double { cExp(x) }
    public static func log10(_ x: Double) -> Double { cLog10(x) }
}
