import PeachCore

/// The frame of every page: the document head, the header with its navigation, and `<main>`.
struct Layout {
    /// A link in the header, with an icon and an accessible name.
    struct NavigationLink {
        var route: PageRoute
        var label: String
        var icon: Icon
    }

    var texts: Texts
    var title: String
    /// `data-page` of `<body>`, which tells the browser scripts which controller to start.
    var page: String
    var navigation: [NavigationLink]

    func render(main: HTML) -> String {
        let document = el(
            "html", ["lang": texts.language.rawValue],
            el(
                "head",
                el("meta", ["charset": "utf-8"]),
                el("meta", ["name": "viewport", "content": "width=device-width, initial-scale=1"]),
                el("meta", ["name": "color-scheme", "content": "light dark"]),
                el("title", .text(title)),
                el("link", ["rel": "stylesheet", "href": PageRoute.asset("peach.css")]),
                el("script", ["type": "module", "src": PageRoute.asset("app.js")])
            ),
            el(
                "body", ["data-page": page],
                el("header", el("nav", children: navigation.map(link))),
                main
            )
        )
        return "<!DOCTYPE html>\n" + document.render() + "\n"
    }

    private func link(_ item: NavigationLink) -> HTML {
        el(
            "a", ["href": item.route.path, "class": "icon-button", "aria-label": item.label, "title": item.label],
            item.icon.svg
        )
    }

    /// The header of a secondary page: back to Start.
    static func backToStart(_ texts: Texts) -> NavigationLink {
        NavigationLink(route: .start, label: texts.backToStart, icon: .home)
    }
}

/// The header icons, drawn as inline SVG (no extra requests, coloured by `currentColor`).
enum Icon {
    case home, settings, info

    var svg: HTML {
        let paths: [String]
        switch self {
        case .home:
            paths = ["M3 11 12 3l9 8", "M5 10v10h5v-6h4v6h5V10"]
        case .settings:
            paths = [
                "M12 15.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z",
                "M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z",
            ]
        case .info:
            paths = ["M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z", "M12 16v-5", "M12 8h.01"]
        }
        return el(
            "svg",
            [
                "viewBox": "0 0 24 24", "width": "24", "height": "24", "fill": "none", "stroke": "currentColor",
                "stroke-width": "2", "stroke-linecap": "round", "stroke-linejoin": "round", "aria-hidden": "true",
                "focusable": "false",
            ],
            children: paths.map { el("path", ["d": $0]) }
        )
    }
}
