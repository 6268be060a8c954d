import PeachCore
import PeachViews
import Testing

@Suite("Page routes")
struct PageRouteTests {
    @Test("every page has a name of its own; a training page is named by its mode")
    func names() {
        #expect(Set(PageRoute.all.map(\.name)).count == PageRoute.all.count)
        for mode in TrainingMode.allCases { #expect(PageRoute.training(mode).name == mode.rawValue) }
    }

    @Test("the core renders a device's pages by their names, and no other page")
    func renderedOnDevice() {
        for route in PageRoute.all {
            #expect(PageRoute(renderedOnDevice: route.name) == (route.rendersOnDevice ? route : nil), "\(route.name)")
        }
        #expect(PageRoute.all.filter(\.rendersOnDevice).count == 4 + TrainingMode.allCases.count)
        #expect(PageRoute(renderedOnDevice: "pitch-matching") == nil)
    }
}
