import PeachCore

/// The perceptual profile drawing (docs/pages.md, "Profile page"): a piano keyboard over
/// the note range and, above it, the threshold of each trained note as a line and its 95 %
/// interval as a band (see `init(profile:range:language:size:)`), on an inverted logarithmic
/// cents axis. One renderer, two sizes: `full` for the Profile page, `small` (no labels) for the
/// Start page preview.
///
/// A plain value: `svg` is a function of it, byte for byte.
///
/// **Drawing rules.** Notes without data draw nothing and the band breaks there — no
/// interpolation. Each run of trained notes reaches half a white key beyond its outer notes, so
/// that a lone note is a column a white key wide, not a dash. Every trained note has an interval,
/// a note with a single answer a wide one. Values outside 0.1…100 cents are clamped to the axis
/// (see `CentsScale.y`).
///
/// **The preview with little data.** The small drawing has no axis and no gridlines; without a
/// frame a few columns would float like stray marks. It always draws a quiet track over the
/// whole plot, the room the band fills as notes are trained, and the Start page shows `caption`
/// under it while the picture is incomplete.
///
/// **Styling.** Every element carries presentation attributes (`fill`, `stroke`) with light-mode
/// defaults, so the SVG reads without any CSS; the page's stylesheet restyles them through
/// these classes (presentation attributes lose to any CSS rule), e.g. for dark mode. No
/// `<style>` element and no `style` attribute: both are blocked by a CSP `style-src 'self'`.
///
/// | class | element | default |
/// |---|---|---|
/// | `profile-chart`, `profile-chart-full` / `profile-chart-small` | the `<svg>` | — |
/// | `profile-grid` | `<g>` of the decade gridlines (full) | stroke `#8e8e93`, 0.4 opacity |
/// | `profile-axis` | `<g>` of the axis labels and title (full) | fill `currentColor` |
/// | `profile-placeholder` | the empty state's band at 100 cents (full) | fill `#4a90e2`, 0.12 opacity |
/// | `profile-track` | the plot's quiet background (small) | fill `#4a90e2`, 0.06 opacity |
/// | `profile-empty` | the empty state's text (full) | fill `currentColor` |
/// | `profile-band` | `<g>` of the interval areas | fill `#4a90e2` |
/// | `profile-mean` | `<g>` of the threshold lines | stroke `#08306b` |
/// | `profile-keys-white` | `<g>` of the white keys | fill `#ffffff`, stroke `#8e8e93` |
/// | `profile-keys-black` | `<g>` of the black keys | fill `#3a3a3c` |
/// | `profile-note-names` | `<g>` of the C labels (full) | fill `currentColor` |
public struct ProfileChart: Hashable, Sendable {
    /// The Profile page's drawing, or the Start page's preview.
    public enum Size: String, Hashable, Sendable {
        case full, small
    }

    /// The band at one trained note.
    public struct NoteThreshold: Hashable, Sendable {
        public var note: MIDINote
        /// Where the threshold line runs.
        public var centre: Cents
        /// The band's lower and upper edge: the 95 % interval.
        public var interval: ClosedRange<Cents>

        public init(note: MIDINote, centre: Cents, interval: ClosedRange<Cents>) {
            self.note = note
            self.centre = centre
            self.interval = interval
        }
    }

    public var range: NoteRange
    /// The trained notes; notes outside `range` are not drawn.
    public var thresholds: [NoteThreshold]
    /// The threshold of every answer over the range, for the accessible summary; `nil` without data.
    public var threshold: ThresholdEstimate?
    public var language: Language
    public var size: Size

    public init(
        range: NoteRange, thresholds: [NoteThreshold], threshold: ThresholdEstimate?, language: Language, size: Size
    ) {
        self.range = range
        self.thresholds = thresholds
        self.threshold = threshold
        self.language = language
        self.size = size
    }

    /// What a screen reader announces: the chart's summary for `full`, the preview's name
    /// for `small`; both read the threshold with its interval.
    public var accessibleLabel: String {
        let texts = Texts.of(language)
        let spoken = threshold.map(texts.spokenEstimate)
        switch size {
        case .full: return texts.charts.chartSummary(texts.name(of: range.lower), texts.name(of: range.upper), spoken)
        case .small: return texts.charts.previewLabel(spoken, caption)
        }
    }

    /// The preview's line under the drawing: the invitation to train without data, that the
    /// picture fills in while some notes of the range have none, `nil` once each has some.
    /// The full drawing has none: the Profile page explains its band in its own words.
    public var caption: String? {
        guard size == .small else { return nil }
        let texts = Texts.of(language)
        let trained = thresholds.count { range.contains($0.note) }
        if trained == 0 { return texts.charts.chartEmpty }
        return trained < range.notes.count ? texts.charts.previewFillsIn : nil
    }

    /// The drawing, as an `<svg>` element to place in a page.
    /// - Complexity: O(notes in range).
    public var svg: Markup {
        let geometry = Geometry(size)
        let keyboard = KeyboardLayout(range: range, left: geometry.plotLeft, right: geometry.plotRight)
        let scale = CentsScale(top: geometry.plotTop, bottom: geometry.plotBottom)
        let texts = Texts.of(language)
        let trained = thresholds.filter { range.contains($0.note) }.sorted { $0.note < $1.note }

        var svg: Markup =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(n(geometry.width)) \(n(geometry.height))\""
        svg += " class=\"profile-chart profile-chart-\(size.rawValue)\" role=\"img\""
        svg += " aria-label=\"\(accessibleLabel)\">\n"
        if geometry.hasLabels {
            let axis = scale.axis(of: "profile", left: geometry.plotLeft, right: geometry.plotRight, texts)
            svg += axis.grid + "</g>\n" + axis.labels + "</g>\n"
        } else {
            svg += "<rect class=\"profile-track\" fill=\"#4a90e2\" fill-opacity=\"0.06\" x=\"\(n(geometry.plotLeft))\""
            svg += " y=\"\(n(geometry.plotTop))\" width=\"\(n(geometry.plotRight - geometry.plotLeft))\""
            svg += " height=\"\(n(geometry.plotBottom - geometry.plotTop))\"/>\n"
        }
        if trained.isEmpty {
            if geometry.hasLabels { svg += placeholder(geometry, scale, texts) }
        } else {
            svg += band(trained, keyboard, scale)
        }
        svg += keys(keyboard, geometry)
        if geometry.hasLabels { svg += noteNames(keyboard, geometry, texts) }
        svg += "</svg>"
        return svg
    }

    // MARK: - Parts

    /// The full drawing's empty state: a faint, uniform band from 100 down to 50 cents, and the
    /// invitation to train, centred above the keyboard.
    private func placeholder(_ geometry: Geometry, _ scale: CentsScale, _ texts: Texts) -> Markup {
        let top = scale.y(CentsScale.maximum)
        var svg: Markup = "<rect class=\"profile-placeholder\" fill=\"#4a90e2\" fill-opacity=\"0.12\""
        svg += " x=\"\(n(geometry.plotLeft))\" y=\"\(n(top))\" width=\"\(n(geometry.plotRight - geometry.plotLeft))\""
        svg += " height=\"\(n(scale.y(50) - top))\"/>\n"
        svg += "<text class=\"profile-empty\" fill=\"currentColor\" font-family=\"system-ui, sans-serif\""
        svg += " font-size=\"14\" text-anchor=\"middle\" x=\"\(n((geometry.plotLeft + geometry.plotRight) / 2))\""
        svg += " y=\"\(n((geometry.plotTop + geometry.plotBottom) / 2 + 12))\">"
        svg += "\(texts.charts.chartEmpty)</text>\n"
        return svg
    }

    /// The band (interval areas) and the threshold lines, one piece per run of adjacent trained
    /// notes, each reaching half a white key beyond the run's outer notes (not past the keyboard).
    private func band(_ trained: [NoteThreshold], _ keyboard: KeyboardLayout, _ scale: CentsScale) -> Markup {
        let cap = keyboard.whiteKeyWidth / 2
        let (left, right) = (keyboard.x(of: range.lower), keyboard.x(of: range.upper) + keyboard.width(of: range.upper))
        var areas: Markup = ""
        var means: Markup = ""
        for run in Self.runs(of: trained) {
            let (first, last) = (run[0], run[run.count - 1])
            let start = n(max(left, keyboard.centre(of: first.note) - cap))
            let end = n(min(right, keyboard.centre(of: last.note) + cap))
            // Each path starts at the run's left end, runs through the key centres and is
            // continued level to the right end; the area returns along the lower edge.
            var mean = "M\(start) \(n(scale.y(first.centre)))"
            var upper = "M\(start) \(n(scale.y(first.interval.upperBound)))"
            var lower = "H\(start)Z"
            for note in run {
                let x = n(keyboard.centre(of: note.note))
                mean += "L\(x) \(n(scale.y(note.centre)))"
                upper += "L\(x) \(n(scale.y(note.interval.upperBound)))"
                lower = "L\(x) \(n(scale.y(note.interval.lowerBound)))" + lower
            }
            means += "<path d=\"\(mean)H\(end)\"/>\n"
            areas += "<path d=\"\(upper)H\(end)V\(n(scale.y(last.interval.lowerBound)))\(lower)\"/>\n"
        }
        var svg: Markup = "<g class=\"profile-band\" fill=\"#4a90e2\">\n" + areas + "</g>\n"
        svg +=
            "<g class=\"profile-mean\" fill=\"none\" stroke=\"#08306b\" stroke-width=\"\(size == .full ? "1.5" : "1")\""
        svg += " stroke-linecap=\"round\" stroke-linejoin=\"round\">\n" + means + "</g>\n"
        return svg
    }

    private func keys(_ keyboard: KeyboardLayout, _ geometry: Geometry) -> Markup {
        let notes = range.notes
        var white: Markup =
            "<g class=\"profile-keys-white\" fill=\"#ffffff\" stroke=\"#8e8e93\" stroke-width=\"0.5\">\n"
        for note in notes where !KeyboardLayout.isBlack(note) {
            white += "<rect x=\"\(n(keyboard.x(of: note)))\" y=\"\(n(geometry.keyboardTop))\""
            white += " width=\"\(n(keyboard.width(of: note)))\" height=\"\(n(geometry.whiteKeyHeight))\"/>\n"
        }
        var black: Markup = "<g class=\"profile-keys-black\" fill=\"#3a3a3c\">\n"
        for note in notes where KeyboardLayout.isBlack(note) {
            black += "<rect x=\"\(n(keyboard.x(of: note)))\" y=\"\(n(geometry.keyboardTop))\""
            black += " width=\"\(n(keyboard.width(of: note)))\" height=\"\(n(geometry.blackKeyHeight))\"/>\n"
        }
        return white + "</g>\n" + black + "</g>\n"
    }

    private func noteNames(_ keyboard: KeyboardLayout, _ geometry: Geometry, _ texts: Texts) -> Markup {
        var svg: Markup = "<g class=\"profile-note-names\" fill=\"currentColor\" font-family=\"system-ui, sans-serif\""
        svg += " font-size=\"12\" text-anchor=\"middle\">\n"
        let baseline = n(geometry.keyboardTop + geometry.whiteKeyHeight + 16)
        for note in range.notes where note.rawValue % 12 == 0 {
            svg += "<text x=\"\(n(keyboard.centre(of: note)))\" y=\"\(baseline)\">\(texts.name(of: note))</text>\n"
        }
        return svg + "</g>\n"
    }

    /// Splits notes (lowest first) into runs of adjacent MIDI notes.
    static func runs(of notes: [NoteThreshold]) -> [[NoteThreshold]] {
        var runs: [[NoteThreshold]] = []
        var current: [NoteThreshold] = []
        for note in notes {
            if current.last.map({ $0.note.rawValue + 1 != note.note.rawValue }) ?? false {
                runs.append(current)
                current = []
            }
            current.append(note)
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    private func n(_ value: Double) -> String { ProfileMarkup.number(value) }

    /// Where the parts of each size go, in `viewBox` units.
    struct Geometry {
        let width: Double
        let height: Double
        let plotLeft: Double
        let plotRight: Double
        let plotTop: Double
        let plotBottom: Double
        let keyboardTop: Double
        let whiteKeyHeight: Double
        let blackKeyHeight: Double
        let hasLabels: Bool

        init(_ size: Size) {
            switch size {
            case .full:
                // 480 units wide: on a phone (about 360 px) labels of 12 units stay about 9 px,
                // on the widest page (640 px) 16 px.
                (width, height, plotLeft, plotRight) = (480, 214, 40, 474)
                (plotTop, plotBottom, keyboardTop) = (10, 130, 136)
                (whiteKeyHeight, blackKeyHeight, hasLabels) = (54, 34, true)
            case .small:
                (width, height, plotLeft, plotRight) = (320, 72, 1, 319)
                (plotTop, plotBottom, keyboardTop) = (3, 40, 43)
                (whiteKeyHeight, blackKeyHeight, hasLabels) = (28, 17, false)
            }
        }
    }
}
