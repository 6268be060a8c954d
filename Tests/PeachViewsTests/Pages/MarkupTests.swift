import PeachViews
import Testing

@Suite("Markup")
struct MarkupTests {
    @Test("interpolated texts and attribute values are escaped, markup is not")
    func escaping() {
        let inner: Markup = "<b>\("it's")</b>"
        let html: Markup = "<p\(attribute: "title", "a\"b<c>")\(attribute: "id", nil)>\("x < y & \"z\"") \(inner)</p>"
        #expect(html.html == "<p title=\"a&quot;b&lt;c&gt;\">x &lt; y &amp; &quot;z&quot; <b>it&#39;s</b></p>")
    }

    @Test("boolean attributes, numbers, lists and trusted markup")
    func parts() {
        let items: [Markup] = ["<li>1</li>", "<li>\(2)</li>"]
        let list: Markup = "<ul\(attribute: "hidden", if: true)\(attribute: "inert", if: false)>\(items)</ul>"
        #expect(list.html == "<ul hidden><li>1</li><li>2</li></ul>")
        #expect((Markup(stringLiteral: "<svg/>") + "<i>ä&</i>").html == "<svg/><i>ä&</i>")
        #expect(("\("Grüße & ✓")" as Markup).html == "Grüße &amp; ✓")
    }
}
