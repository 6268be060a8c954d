import PeachCore

/// The frame of every page: the document head, the header with its navigation, and `<main>`.
///
/// The header puts the same control in the same place on every page, as a phone's navigation
/// bar does: the back link to Start on the left (every page but Start), and on the right, in
/// this order, Info (Start) or a training page's "How it works", Profile, Settings — so Settings
/// is always the rightmost control and Profile the one beside it, wherever they appear.
public struct Layout {
    /// A link in the header, with an icon and an accessible name.
    public struct NavigationLink {
        var route: PageRoute
        var label: String
        var icon: Icon
    }

    var texts: Texts
    var title: String
    /// The page shown, which names `<body>` (`data-page`, from `PageRoute.name`) for the
    /// browser's scripts and stylesheet. `nil` only for a page that has no address of its own:
    /// the error page, which answers at whatever address could not be served, is no route, so
    /// its `<body>` carries no name and no script starts a controller for it.
    var route: PageRoute?
    var navigation: [NavigationLink]
    /// A training page's button that shows its hint again (`#show-hint`, its accessible name).
    var help: String?

    public init(texts: Texts, title: String, route: PageRoute?, navigation: [NavigationLink], help: String? = nil) {
        self.texts = texts
        self.title = title
        self.route = route
        self.navigation = navigation
        self.help = help
    }

    public func render(main: Markup) -> String {
        // viewport-fit=cover: the page reaches under a phone's rounded corners and notch, and the
        // stylesheet keeps its content inside env(safe-area-inset-*). The manifest (Android,
        // desktop) and the home-screen icon iOS reads make Peach installable. #sync-status is where
        // sync.js says how this device stands with the server (SyncStatus), or app.js why Peach
        // cannot train in this browser: always in place (a live region), empty when there is
        // nothing to say.
        let document: Markup = """
            <!DOCTYPE html>
            <html lang="\(texts.language.rawValue)"><head><meta charset="utf-8">\
            <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">\
            <meta name="color-scheme" content="light dark"><title>\(title)</title>\
            <meta name="theme-color" content="#f4a261">\
            <link rel="icon" href="\(PageRoute.favicon)" type="image/svg+xml">\
            <link rel="manifest" href="\(PageRoute.asset("manifest.webmanifest"))">\
            <link rel="apple-touch-icon" href="\(PageRoute.asset("icons/peach-180.png"))">\
            <link rel="stylesheet" href="\(PageRoute.asset("peach.css"))">\
            <script type="module" src="\(PageRoute.asset(PageRoute.appModule))"></script></head>\
            <body\(attribute: "data-page", route?.name)\(attribute: "data-kind", exerciseKind)>\
            <header><nav aria-label="\(texts.app.appName)">\(headerControls)</nav>\
            <p id="sync-status" role="status" data-msg-storage-unavailable="\(texts.sync.storageUnavailable)" \
            data-msg-core-unsupported="\(texts.sync.coreUnsupported)" \
            data-msg-core-not-downloaded="\(texts.sync.coreNotDownloaded)"></p></header>\(main)</body></html>

            """
        return document.html
    }

    /// A training page's `data-kind`: the exercise it plays. The scripts (which controller runs
    /// the page) and the stylesheet (its layout) go by it, so that an interval mode's page is
    /// treated as its unison mode's without a second name for the page.
    private var exerciseKind: String? {
        guard case .training(let mode) = route else { return nil }
        return mode.kind.name
    }

    /// The back link first, then the others in their fixed order (see the type's comment).
    private var headerControls: [Markup] {
        var controls: [Markup] = navigation.filter { $0.route == .start }.map(backLink)
        if let help {
            controls.append(
                """
                <button id="show-hint" type="button" class="icon-button" aria-label="\(help)" title="\(help)" \
                aria-haspopup="dialog" aria-controls="mode-hint">\(Icon.help.svg)</button>
                """)
        }
        for route in [PageRoute.info, .profile, .settings] {
            controls += navigation.filter { $0.route == route }.map(link)
        }
        return controls
    }

    private func link(_ item: NavigationLink) -> Markup {
        """
        <a href="\(item.route.path)" class="icon-button" aria-label="\(item.label)" title="\(item.label)">\
        \(item.icon.svg)</a>
        """
    }

    /// "‹ Start": the chevron and a short visible label, named in full for screen readers.
    private func backLink(_ item: NavigationLink) -> Markup {
        """
        <a href="\(item.route.path)" class="back-link" aria-label="\(item.label)">\(item.icon.svg)\
        <span>\(texts.guide.back)</span></a>
        """
    }

    /// The header of a secondary page: back to Start.
    public static func backToStart(_ texts: Texts) -> NavigationLink {
        NavigationLink(route: .start, label: texts.app.backToStart, icon: .back)
    }
}

/// The header icons, drawn as filled inline SVG (no extra requests; the stylesheet fills them
/// with `currentColor`).
enum Icon {
    case back, settings, info, profile, help

    var path: String {
        switch self {
        case .back:
            // A chevron pointing left, as a phone's back button.
            "M15.7 3.3 17.8 5.4 11.2 12l6.6 6.6-2.1 2.1L7 12Z"
        case .settings:
            "M19.69 9.78 22.26 9.75 22.26 14.25 19.69 14.22 19.00 15.87 20.84 17.66 17.66 20.84 15.87 19.00 14.22 19.69 14.25 22.26 9.75 22.26 9.78 19.69 8.13 19.00 6.34 20.84 3.16 17.66 5.00 15.87 4.31 14.22 1.74 14.25 1.74 9.75 4.31 9.78 5.00 8.13 3.16 6.34 6.34 3.16 8.13 5.00 9.78 4.31 9.75 1.74 14.25 1.74 14.22 4.31 15.87 5.00 17.66 3.16 20.84 6.34 19.00 8.13Z M15.2 12a3.2 3.2 0 1 0-6.4 0 3.2 3.2 0 1 0 6.4 0Z"
        case .profile:
            // A band over a keyboard: the perceptual profile in miniature.
            "M3 14.5 7 9l4 3 4-6 6 5.5V13l-5.7-4.6-4 6-4-3L3 17Zm0 4h18v3H3Zm3 0h1.5v2H6Zm4.5 0H12v2h-1.5Zm4.5 0h1.5v2H15Z"
        case .info:
            "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1.25 8h2.5v8h-2.5Zm0-4h2.5v2.5h-2.5Z"
        case .help:
            // A question mark in a circle.
            "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1.25 14.5h2.5V19h-2.5ZM12 5c2.5 0 4.4 1.6 4.4 3.9 0 1.6-.9 2.6-2.1 3.4-.9.6-1.1.9-1.1 1.7v.5h-2.4v-.7c0-1.5.6-2.3 1.8-3.1.9-.6 1.3-1 1.3-1.7 0-.9-.8-1.6-1.9-1.6-1.2 0-2 .7-2.1 1.9H7.5C7.6 6.7 9.4 5 12 5Z"
        }
    }

    var svg: Markup {
        """
        <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor" aria-hidden="true" focusable="false">\
        <path d="\(path)" fill-rule="evenodd"></path></svg>
        """
    }
}
