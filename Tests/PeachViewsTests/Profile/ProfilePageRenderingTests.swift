import Foundation
import PeachCore
import PeachFixtures
import PeachViews
import Testing

/// The profile page as PeachViews renders it, without a server (Tests/PeachWebTests has the
/// page as the server serves it).
@Suite("Profile page rendering")
struct ProfilePageRenderingTests {
    @Test("the page is the same bytes for the same profile")
    func deterministic() {
        let page = { ProfilePage(texts: .german, profile: ProfileFixtures.dense, range: .standard).render() }
        #expect(page() == page())
        // Only `<main>`: the frame around it belongs to the layout and changes with it.
        let html = ProfilePage(texts: .english, profile: ProfileFixtures.sparse, range: .standard).render()
        let main = html[html.range(of: "<main")!.lowerBound..<html.range(of: "</main>")!.upperBound]
        assertSnapshot(String(main), named: "profile-page-sparse-main.html")
    }
}
