import PeachCore

/// A node of an HTML document: pages are values of this type, rendered to text in one place
/// that escapes every text and attribute value.
///
/// Attributes keep their order, so the same page renders the same bytes.
public indirect enum HTML: Sendable {
    case element(String, attributes: [Attribute], children: [HTML])
    case text(String)
    case fragment([HTML])
    /// Markup written by a trusted renderer that escapes its own texts (the profile's SVG
    /// charts and summary), inserted as it is.
    case raw(String)

    /// An attribute; a `nil` value is a boolean attribute (`disabled`, `hidden`).
    public struct Attribute: Sendable {
        public var name: String
        public var value: String?

        public init(_ name: String, _ value: String?) {
            self.name = name
            self.value = value
        }
    }

    /// Elements without content or end tag.
    static let voidElements = ["meta", "link", "input", "br", "hr", "img"]  // An array: no string hashing.

    /// The node as HTML text.
    /// - Complexity: O(size of the document).
    public func render() -> String {
        var output = ""
        render(into: &output)
        return output
    }

    func render(into output: inout String) {
        switch self {
        case .text(let text):
            output += Self.escape(text)
        case .fragment(let children):
            for child in children { child.render(into: &output) }
        case .raw(let markup):
            output += markup
        case .element(let name, let attributes, let children):
            output += "<" + name
            for attribute in attributes {
                output += " " + attribute.name
                if let value = attribute.value { output += "=\"" + Self.escape(value) + "\"" }
            }
            output += ">"
            guard !Self.voidElements.contains(where: { $0.hasSameBytes(as: name) }) else { return }
            for child in children { child.render(into: &output) }
            output += "</" + name + ">"
        }
    }

    static func escape(_ text: String) -> String {
        var escaped = ""
        Markup.escape(text, into: &escaped)
        return escaped
    }
}

/// Builds an element: `el("a", ["href": "/"], .text("Start"))`.
public func el(_ name: String, _ attributes: KeyValuePairs<String, String?>, _ children: HTML...) -> HTML {
    .element(name, attributes: attributes.map { HTML.Attribute($0.key, $0.value) }, children: children)
}

/// Builds an element without attributes.
public func el(_ name: String, _ children: HTML...) -> HTML {
    .element(name, attributes: [], children: children)
}

/// Builds an element from a list of children.
public func el(_ name: String, _ attributes: KeyValuePairs<String, String?> = [:], children: [HTML]) -> HTML {
    .element(name, attributes: attributes.map { HTML.Attribute($0.key, $0.value) }, children: children)
}

/// Builds an element whose attributes are computed.
public func el(_ name: String, attributes: [HTML.Attribute], children: [HTML] = []) -> HTML {
    .element(name, attributes: attributes, children: children)
}

extension HTML: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        self = .text(value)
    }
}
