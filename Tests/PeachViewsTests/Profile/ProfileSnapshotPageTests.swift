import PeachCore
import PeachFixtures
import PeachViews
import Testing

/// A device renders its pages from the profile the server sends (`ProfileSnapshot`): they must
/// be the pages the full profile renders, byte for byte.
@Suite("Pages from a profile snapshot")
struct ProfileSnapshotPageTests {
    /// Every note of C2–C6 on each of 120 days (17 weeks), the offsets falling and rising again,
    /// every fifth answer wrong, and pitch matching.
    static let longRecords: [TrainingRecord] = {
        var records: [TrainingRecord] = []
        for day in 0..<120 {
            for note in 36...84 {
                let cents = Double(5 + (note * 7 + day * 3) % 40) / 2
                records.append(
                    ProfileFixtures.comparison(
                        note, cents: Cents(cents), day: day, second: note, correct: note % 5 != 0))
            }
            records.append(ProfileFixtures.matching(60, error: Cents(Double(day % 13) - 6), day: day, second: 200))
        }
        return records
    }()

    static let profiles: [(name: String, records: [TrainingRecord])] =
        ProfileFixtures.all + [("long", longRecords)]

    @Test("the profile and Start pages of a decoded snapshot are byte-identical to the full profile's")
    func pagesFromSnapshot() throws {
        let ranges = [NoteRange.standard, ProfileFixtures.range(48, 72), ProfileFixtures.range(60, 96)]
        for (name, records) in Self.profiles {
            let profile = PerceptualProfile(records: records)
            let decoded = try #require(PerceptualProfile(snapshot: ProfileSnapshot.encode(profile)), "\(name)")
            for texts in [Texts.english, .german] {
                for range in ranges {
                    #expect(
                        ProfilePage(texts: texts, profile: decoded, range: range).render()
                            == ProfilePage(texts: texts, profile: profile, range: range).render(), "\(name)")
                    #expect(
                        StartPage(texts: texts, profile: decoded, range: range).render()
                            == StartPage(texts: texts, profile: profile, range: range).render(), "\(name)")
                }
            }
        }
    }
}
