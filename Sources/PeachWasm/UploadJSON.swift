import PeachCore

/// The body of `POST /api/sync/records` (docs/api.md, "Sync") for records as the device's store
/// holds them: each one's id and its `RecordNumbers`. The browser sends this text as it is.
///
/// The numbers are written as they are, not checked: a record that breaks a rule goes to the
/// server all the same, which refuses it alone and says why, and the device shows that reason
/// (docs/sync.md). A kind or tuning index that names nothing leaves its field out, and a number
/// that is not finite is `null`, so the server names the field. Numbers are the shortest text
/// that reads back as the same double (`DecimalText.shortest`; −0 as `0`), as the browser's
/// `JSON.stringify` writes them for every value a record holds. Written as UTF-8 bytes, which
/// keeps the wasm core small.
public enum UploadJSON {
    /// `{"records":[…]}` for the records whose ids are the lines of `ids` (UTF-8), the numbers
    /// of the one at index i at `numbers[i · stride ..< (i + 1) · stride]`; `nil` if there are
    /// not as many ids as records.
    public static func body(ids: UnsafeRawBufferPointer, numbers: UnsafeBufferPointer<Double>) -> String? {
        var json = Array("{\"records\":[".utf8)
        var index = 0
        var lineStart = 0
        for lineEnd in 0...ids.count where lineEnd == ids.count || ids[lineEnd] == UInt8(ascii: "\n") {
            guard (index + 1) * RecordNumbers.stride <= numbers.count else { return nil }
            if index > 0 { json.append(UInt8(ascii: ",")) }
            append(id: ids[lineStart..<lineEnd], numbers[(index * RecordNumbers.stride)...], to: &json)
            index += 1
            lineStart = lineEnd + 1
        }
        guard index * RecordNumbers.stride == numbers.count else { return nil }
        json += "]}".utf8
        return String(decoding: json, as: UTF8.self)
    }

    private static func append(
        id: Slice<UnsafeRawBufferPointer>, _ fields: Slice<UnsafeBufferPointer<Double>>, to json: inout [UInt8]
    ) {
        func field(_ field: RecordNumbers.Field) -> Double { fields[fields.startIndex + field.rawValue] }
        let kind = RecordNumbers.Kind.allCases.first { Double($0.rawValue) == field(.kind) }
        json += "{\"id\":".utf8
        append(string: id, to: &json)
        if let kind {
            json += ",\"trainingType\":\"".utf8
            json += trainingType(kind).utf8
            json.append(UInt8(ascii: "\""))
        }
        append(",\"timestamp\":", field(.timestamp), to: &json)
        switch kind {
        case .rhythmOffsetDetection:
            append(",\"tempoBPM\":", field(.tempoBPM), to: &json)
            append(",\"offsetMs\":", field(.offsetMs), to: &json)
            json += (field(.outcome) == 1 ? ",\"isCorrect\":true}" : ",\"isCorrect\":false}").utf8
            return
        case .continuousRhythmMatching:
            append(",\"tempoBPM\":", field(.tempoBPM), to: &json)
            append(",\"meanOffsetMs\":", field(.offsetMs), to: &json)
            // NaN is "none" here: `null`, which the server reads as such.
            let positions: [RecordNumbers.Field] = [.position0, .position1, .position2, .position3]
            for (index, position) in positions.enumerated() {
                json += ",\"meanOffsetMsPosition".utf8
                json.append(UInt8(ascii: "0") + UInt8(index))
                append("\":", field(position), to: &json)
            }
            append(",\"hitCount\":", field(.outcome), to: &json)
            json.append(UInt8(ascii: "}"))
            return
        case .comparison, .pitchMatching, nil:
            break
        }
        append(",\"referenceNote\":", field(.referenceNote), to: &json)
        append(",\"targetNote\":", field(.targetNote), to: &json)
        let tuning = field(.tuningSystem)
        if tuning.rounded() == tuning, tuning >= 0, tuning < Double(TuningSystem.allCases.count) {
            json += ",\"tuningSystem\":\"".utf8
            json += TuningSystem.allCases[Int(tuning)].rawValue.utf8
            json.append(UInt8(ascii: "\""))
        }
        if kind == .comparison {
            append(",\"centOffset\":", field(.centOffset), to: &json)
            json += (field(.outcome) == 1 ? ",\"isCorrect\":true}" : ",\"isCorrect\":false}").utf8
        } else {
            append(",\"initialCentOffset\":", field(.centOffset), to: &json)
            append(",\"userCentError\":", field(.outcome), to: &json)
            json.append(UInt8(ascii: "}"))
        }
    }

    /// The API's (and the CSV's) name of a kind of record.
    private static func trainingType(_ kind: RecordNumbers.Kind) -> String {
        switch kind {
        case .comparison: CSVFormat.comparisonType
        case .pitchMatching: CSVFormat.pitchMatchingType
        case .rhythmOffsetDetection: CSVFormat.rhythmOffsetDetectionType
        case .continuousRhythmMatching: CSVFormat.continuousRhythmMatchingType
        }
    }

    private static func append(_ name: String, _ value: Double, to json: inout [UInt8]) {
        json += name.utf8
        json += (value.isFinite ? (value == 0 ? "0" : DecimalText.shortest(value)) : "null").utf8
    }

    /// A JSON string: quotes, backslashes and control characters escaped as `JSON.stringify`
    /// escapes them.
    private static func append(string: Slice<UnsafeRawBufferPointer>, to json: inout [UInt8]) {
        let backslash = UInt8(ascii: "\\")
        let hex = Array("0123456789abcdef".utf8)
        json.append(UInt8(ascii: "\""))
        for byte in string {
            switch byte {
            case UInt8(ascii: "\""), backslash: json += [backslash, byte]
            case 0x08, 0x09, 0x0A, 0x0C, 0x0D: json += [backslash, Array("btn_fr".utf8)[Int(byte) - 8]]
            case ..<0x20: json += [backslash, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: json.append(byte)
            }
        }
        json.append(UInt8(ascii: "\""))
    }
}
