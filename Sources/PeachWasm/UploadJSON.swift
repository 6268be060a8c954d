import PeachCore

/// The body of `POST /api/sync/records` (docs/api.md, "Sync") for records as the device's store
/// holds them: each one's id and its `RecordNumbers`. The browser sends this text as it is.
///
/// The numbers are written as they are, not checked: a record that breaks a rule goes to the
/// server all the same, which refuses it alone and says why, and the device shows that reason
/// (docs/sync.md). A kind or tuning index that names nothing leaves its field out, and a number
/// that is not finite is `null`, so the server names the field. Numbers are the shortest text
/// that reads back as the same double (`DecimalText.shortest`; −0 as `0`), as the browser's
/// `JSON.stringify` writes them for every value a record holds.
public enum UploadJSON {
    /// `{"records":[…]}` for `ids.count` records, the numbers of the one at index i at
    /// `numbers[i · stride ..< (i + 1) · stride]`; `nil` if the counts do not match.
    public static func body(ids: [Substring], numbers: UnsafeBufferPointer<Double>) -> String? {
        guard numbers.count == ids.count * RecordNumbers.stride else { return nil }
        var text = "{\"records\":["
        for (index, id) in ids.enumerated() {
            if index > 0 { text += "," }
            let fields = numbers[(index * RecordNumbers.stride)...]
            text += record(id: id, fields)
        }
        return text + "]}"
    }

    private static func record(id: Substring, _ fields: Slice<UnsafeBufferPointer<Double>>) -> String {
        let start = fields.startIndex
        let kind = fields[start]
        var text = "{\"id\":" + string(id)
        if kind == 0 || kind == 1 {
            text += ",\"trainingType\":" + string(kind == 0 ? CSVFormat.comparisonType : CSVFormat.pitchMatchingType)
        }
        text += ",\"timestamp\":" + number(fields[start + 1])
        text += ",\"referenceNote\":" + number(fields[start + 2]) + ",\"targetNote\":" + number(fields[start + 3])
        let tuning = fields[start + 4]
        if tuning.rounded() == tuning, tuning >= 0, tuning < Double(TuningSystem.allCases.count) {
            text += ",\"tuningSystem\":" + string(TuningSystem.allCases[Int(tuning)].rawValue)
        }
        if kind == 0 {
            text += ",\"centOffset\":" + number(fields[start + 5])
            text += ",\"isCorrect\":" + (fields[start + 6] == 1 ? "true" : "false")
        } else {
            text += ",\"initialCentOffset\":" + number(fields[start + 5])
            text += ",\"userCentError\":" + number(fields[start + 6])
        }
        return text + "}"
    }

    private static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return value == 0 ? "0" : DecimalText.shortest(value)
    }

    /// A JSON string: quotes, backslashes and control characters escaped.
    private static func string(_ value: some StringProtocol) -> String {
        var text = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }
}
