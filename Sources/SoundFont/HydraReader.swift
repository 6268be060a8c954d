/// Reads the `pdta` chunk's nine record arrays, the "hydra" (SoundFont 2.04 §7), into presets,
/// instruments and sample headers, checking every index one record makes into another.
///
/// The last record of `phdr`, `inst` and `shdr` is a terminal record that only ends the previous
/// record's bag range. It is recognised by position, not by name: the specification names them
/// `EOP`, `EOI`, `EOS`, but MuseScore's SF3 writer leaves them unnamed.
struct HydraReader {
    /// Where one record array lies, and how many fixed-size records it holds.
    private struct Records {
        var id: String
        var start: Int
        var size: Int
        var count: Int
        func offset(_ index: Int) -> Int { start + index * size }
    }

    /// A bag (`pbag`/`ibag`): where its zone's generators and modulators start.
    private struct Bag {
        var generator: Int
        var modulator: Int
    }

    private let reader: ByteReader
    private let phdr, pbag, pmod, pgen, inst, ibag, imod, igen, shdr: Records

    /// Finds the nine record arrays in the `pdta` list; record sizes from SoundFont 2.04 §7.2–§7.10.
    init(chunks list: [RIFFChunk], reader: ByteReader) throws(SoundFontError) {
        func records(_ id: String, size: Int) throws(SoundFontError) -> Records {
            guard let chunk = list.first(where: { $0.id == id }) else {
                throw .malformed("the pdta chunk has no \(id) chunk")
            }
            guard chunk.data.count % size == 0 else {
                throw .malformed("the pdta chunk's \(id) is \(chunk.data.count) bytes, not a multiple of \(size)")
            }
            guard chunk.data.count >= size else {
                throw .malformed("the pdta chunk's \(id) is empty; it needs at least its terminal record")
            }
            return Records(id: id, start: chunk.data.lowerBound, size: size, count: chunk.data.count / size)
        }
        self.reader = reader
        phdr = try records("phdr", size: 38)
        pbag = try records("pbag", size: 4)
        pmod = try records("pmod", size: 10)
        pgen = try records("pgen", size: 4)
        inst = try records("inst", size: 22)
        ibag = try records("ibag", size: 4)
        imod = try records("imod", size: 10)
        igen = try records("igen", size: 4)
        shdr = try records("shdr", size: 46)
    }

    func sampleHeaders() throws(SoundFontError) -> [SampleHeader] {
        var samples: [SampleHeader] = []
        samples.reserveCapacity(shdr.count - 1)
        for index in 0..<shdr.count - 1 {
            let at = shdr.offset(index)
            let what = "sample header \(index)"
            samples.append(
                SampleHeader(
                    name: try reader.name(at: at, length: 20, what),
                    start: Int(try reader.uint32(at: at + 20, what)),
                    end: Int(try reader.uint32(at: at + 24, what)),
                    loopStart: Int(try reader.uint32(at: at + 28, what)),
                    loopEnd: Int(try reader.uint32(at: at + 32, what)),
                    sampleRate: Int(try reader.uint32(at: at + 36, what)),
                    originalPitch: Int(try reader.uint8(at: at + 40, what)),
                    pitchCorrection: Int(Int8(bitPattern: try reader.uint8(at: at + 41, what))),
                    link: Int(try reader.uint16(at: at + 42, what)),
                    type: Int(try reader.uint16(at: at + 44, what))))
        }
        return samples
    }

    func instruments(sampleCount: Int) throws(SoundFontError) -> [Instrument] {
        var instruments: [Instrument] = []
        instruments.reserveCapacity(inst.count - 1)
        for index in 0..<inst.count - 1 {
            let name = try reader.name(at: inst.offset(index), length: 20, "instrument \(index)")
            let bags = try bagRange(of: inst, index, bagIndexAt: 20)
            let zones = try zones(
                bags: bags, owner: "instrument '\(name)'", level: (ibag, igen, imod),
                terminal: .sampleID, linkNoun: "sample", linkCount: sampleCount)
            instruments.append(Instrument(name: name, zones: zones))
        }
        return instruments
    }

    func presets(instrumentCount: Int) throws(SoundFontError) -> [Preset] {
        var presets: [Preset] = []
        presets.reserveCapacity(phdr.count - 1)
        for index in 0..<phdr.count - 1 {
            let at = phdr.offset(index)
            let name = try reader.name(at: at, length: 20, "preset \(index)")
            let bags = try bagRange(of: phdr, index, bagIndexAt: 24)
            let zones = try zones(
                bags: bags, owner: "preset '\(name)'", level: (pbag, pgen, pmod),
                terminal: .instrument, linkNoun: "instrument", linkCount: instrumentCount)
            presets.append(
                Preset(
                    name: name, bank: Int(try reader.uint16(at: at + 22, "preset '\(name)'")),
                    program: Int(try reader.uint16(at: at + 20, "preset '\(name)'")), zones: zones))
        }
        return presets
    }

    /// The bags of record `index`: from its bag index up to the next record's (§7.2, §7.6).
    private func bagRange(of headers: Records, _ index: Int, bagIndexAt field: Int) throws(SoundFontError)
        -> Range<Int>
    {
        let what = "\(headers.id) record \(index)"
        let first = Int(try reader.uint16(at: headers.offset(index) + field, what))
        let end = Int(try reader.uint16(at: headers.offset(index + 1) + field, what))
        guard first <= end else {
            throw .malformed("\(what)'s bags start at \(first), after the next record's \(end)")
        }
        return first..<end
    }

    /// The zones of one preset or instrument, from its bags' generators (§7.4, §7.5, §7.8, §7.9).
    private func zones(
        bags: Range<Int>, owner: String, level: (bags: Records, generators: Records, modulators: Records),
        terminal: GeneratorKind, linkNoun: String, linkCount: Int
    ) throws(SoundFontError) -> [Zone] {
        let (bagRecords, generatorRecords, modulatorRecords) = level
        // Bag i's generators end where bag i + 1's start, so the last bag used needs a successor.
        guard bags.upperBound < bagRecords.count else {
            throw .malformed(
                "\(owner)'s zones end at \(bagRecords.id) record \(bags.upperBound), but the file has \(bagRecords.count)"
            )
        }
        func bag(_ index: Int) throws(SoundFontError) -> Bag {
            let at = bagRecords.offset(index)
            let what = "\(bagRecords.id) record \(index)"
            return Bag(
                generator: Int(try reader.uint16(at: at, what)), modulator: Int(try reader.uint16(at: at + 2, what)))
        }
        var zones: [Zone] = []
        var next = try bag(bags.lowerBound)
        for (number, index) in bags.enumerated() {
            let current = next
            next = try bag(index + 1)
            // Modulators are not applied (Peach plays each note with its own envelope), but their
            // ranges are still checked: a file whose bags point past them is malformed.
            guard current.generator <= next.generator, next.generator <= generatorRecords.count,
                current.modulator <= next.modulator, next.modulator <= modulatorRecords.count
            else {
                throw .malformed(
                    "\(owner) zone \(number) has generators \(current.generator)..<\(next.generator) and modulators "
                        + "\(current.modulator)..<\(next.modulator), but the file has \(generatorRecords.count) "
                        + "\(generatorRecords.id) and \(modulatorRecords.count) \(modulatorRecords.id) records")
            }
            var zone = Zone()
            for generator in current.generator..<next.generator {
                let at = generatorRecords.offset(generator)
                let what = "\(generatorRecords.id) record \(generator)"
                let kind = GeneratorKind(rawValue: try reader.uint16(at: at, what))
                let amount = try reader.uint16(at: at + 2, what)
                switch kind {
                case .keyRange, .velocityRange:
                    // A range amount is two bytes, low then high (§8.1.1 rangesType).
                    let low = Int(amount & 0xFF)
                    let high = Int(amount >> 8)
                    guard low <= high else {
                        throw .malformed("\(owner) zone \(number) has the empty range \(low)–\(high)")
                    }
                    if kind == .keyRange { zone.keyRange = low...high } else { zone.velocityRange = low...high }
                case terminal:
                    guard Int(amount) < linkCount else {
                        throw .malformed(
                            "\(owner) zone \(number) names \(linkNoun) \(amount), but the file has \(linkCount)")
                    }
                    zone.linkedIndex = Int(amount)
                default:
                    zone.generators[kind] = Int16(bitPattern: amount)
                }
                // "Any generators following [the terminal one] shall be ignored" (§7.5, §7.9).
                if zone.linkedIndex != nil { break }
            }
            // Only the first zone may be global; any other zone without the terminal generator
            // "should be ignored" (§7.3, §7.7).
            if zone.linkedIndex != nil || number == 0 { zones.append(zone) }
        }
        return zones
    }
}
