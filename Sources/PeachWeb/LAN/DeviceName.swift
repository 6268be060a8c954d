import Foundation

/// A short, readable name for a paired device from its User-Agent ("iPhone · Safari"), so that
/// `peach devices` tells the phone from the tablet. Falls back to the start of the header.
struct DeviceName: Sendable {
    let text: String

    init(userAgent: String?) {
        let agent = userAgent ?? ""
        let systems = [
            ("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("Macintosh", "Mac"),
            ("Windows", "Windows"), ("CrOS", "ChromeOS"), ("Linux", "Linux"),
        ]
        // Order matters: Chrome's agent names Safari too, Edge's names Chrome.
        let browsers = [
            ("Firefox/", "Firefox"), ("FxiOS/", "Firefox"), ("Edg/", "Edge"), ("CriOS/", "Chrome"),
            ("Chrome/", "Chrome"), ("Safari/", "Safari"),
        ]
        let system = systems.first { agent.contains($0.0) }?.1
        let browser = browsers.first { agent.contains($0.0) }?.1
        let parts = [system, browser].compactMap { $0 }
        if !parts.isEmpty {
            text = parts.joined(separator: " · ")
        } else {
            let trimmed = agent.prefix(60).trimmingCharacters(in: .whitespaces)
            text = trimmed.isEmpty ? "Unknown device" : trimmed
        }
    }
}
