/// Exercise ids for imported records, which the CSV does not carry.
enum ImportedExerciseID {
    /// A version-7 UUID (RFC 9562): the record's time in milliseconds, then 74 random bits;
    /// lowercase, the one spelling of an id (`RecordID`).
    /// Ids that follow the records' order keep inserts into the unique index of a large import
    /// at the end of the B-tree; random ids made the import of a million records I/O-bound
    /// (about 60 s instead of a few).
    static func make(milliseconds: Int64, using generator: inout some RandomNumberGenerator) -> String {
        let time = UInt64(clamping: max(0, milliseconds)) & 0xFFFF_FFFF_FFFF
        let high = time << 16 | 0x7000 | (generator.next() & 0x0FFF)  // time, version 7, rand_a
        let low = 0x8000_0000_0000_0000 | (generator.next() & 0x3FFF_FFFF_FFFF_FFFF)  // variant 10, rand_b
        var text = [UInt8](repeating: UInt8(ascii: "-"), count: 36)
        var position = 0
        for word in [high, low] {
            for shift in stride(from: 60, through: 0, by: -4) {
                if position == 8 || position == 13 || position == 18 || position == 23 { position += 1 }
                let digit = UInt8(truncatingIfNeeded: word >> UInt64(shift) & 0xF)
                text[position] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
                position += 1
            }
        }
        return String(decoding: text, as: UTF8.self)
    }
}
