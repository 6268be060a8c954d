// The trace's export, only in the test build of the core, peach-core-check.wasm
// (scripts/build-wasm.sh): the shipped peach-core.wasm holds no test code.
#if hasFeature(Embedded)
    import PeachWasm

    /// The differential trace (`DifferentialTrace`) as text in the output.
    @_expose(wasm, "peach_trace") @_cdecl("peach_trace")
    public func peachTrace(_ seed: UInt64, _ operations: Int32) -> Int32 {
        publish(DifferentialTrace.run(seed: seed, operations: Int(operations)))
    }
#endif
