/// HTML written as literal markup with values interpolated into it:
///
///     let item: Markup = "<li\(attribute: "class", selectedClass)>\(name)</li>"
///
/// Every `String` interpolated is escaped (`&`, `<`, `>`, `"`, `'`), so a text can be put into
/// content and into a quoted attribute value alike; `Markup` interpolated is inserted as it is.
///
/// Pages are written this way rather than as a tree of element values because every device
/// downloads the wasm core that renders them: a literal costs the module its bytes, a tree of
/// elements and attribute arrays several times as much code to build (docs/benchmarks.md, "Where
/// the size stands now").
public struct Markup: Hashable, Sendable, ExpressibleByStringInterpolation {
    /// The HTML text.
    public private(set) var html: String

    /// Markup already written, as it is: two joined (`+`). Not public: every renderer, the SVG
    /// charts too, writes its markup as a literal, so every text in it is escaped the same way.
    init(trusted html: String) {
        self.html = html
    }

    public init(stringLiteral value: String) {
        html = value
    }

    public init(stringInterpolation: Interpolation) {
        html = stringInterpolation.html
    }

    public static func + (lhs: Markup, rhs: Markup) -> Markup {
        Markup(trusted: lhs.html + rhs.html)
    }

    public static func += (lhs: inout Markup, rhs: Markup) {
        lhs.html += rhs.html
    }

    public struct Interpolation: StringInterpolationProtocol, Sendable {
        var html = ""

        // Not inlined, as the appends are not: reserving capacity written out at every literal
        // cost the wasm core more than a hundred bytes per literal.
        @inline(never) public init(literalCapacity: Int, interpolationCount: Int) {
            html.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        @inline(never) public mutating func appendLiteral(_ literal: String) {
            html += literal
        }

        /// A text, escaped.
        @inline(never) public mutating func appendInterpolation(_ text: String) {
            Markup.escape(text, into: &html)
        }

        /// A whole number, in ASCII digits.
        @inline(never) public mutating func appendInterpolation(_ number: Int) {
            html += String(number)
        }

        /// Markup, as it is.
        @inline(never) public mutating func appendInterpolation(_ markup: Markup) {
            html += markup.html
        }

        /// Markup, one part after the other.
        @inline(never) public mutating func appendInterpolation(_ parts: [Markup]) {
            for part in parts { html += part.html }
        }

        /// ` name="value"` with the value escaped, or nothing when the value is `nil`.
        @inline(never) public mutating func appendInterpolation(attribute name: String, _ value: String?) {
            guard let value else { return }
            html += " " + name + "=\""
            Markup.escape(value, into: &html)
            html += "\""
        }

        /// ` name`, a boolean attribute (`selected`, `hidden`), when `present`.
        @inline(never) public mutating func appendInterpolation(attribute name: String, if present: Bool) {
            if present { html += " " + name }
        }
    }

    /// Appends `text` with the five characters that could end a text or an attribute value
    /// replaced by their references. Byte by byte: each of them is ASCII, and UTF-8 never puts an
    /// ASCII byte inside another character — which also keeps Unicode's character tables out of
    /// the wasm core.
    /// - Complexity: O(n).
    static func escape(_ text: String, into output: inout String) {
        var bytes = text.utf8.makeIterator()
        var clean: [UInt8] = []
        clean.reserveCapacity(text.utf8.count)
        while let byte = bytes.next() {
            switch byte {
            case UInt8(ascii: "&"): clean += "&amp;".utf8
            case UInt8(ascii: "<"): clean += "&lt;".utf8
            case UInt8(ascii: ">"): clean += "&gt;".utf8
            case UInt8(ascii: "\""): clean += "&quot;".utf8
            case UInt8(ascii: "'"): clean += "&#39;".utf8
            default: clean.append(byte)
            }
        }
        output += String(decoding: clean, as: UTF8.self)
    }
}
