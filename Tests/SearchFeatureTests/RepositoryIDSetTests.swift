import GitHubClient
import Testing

@testable import SearchFeature

// The id set behind de-duplication, against Set<Int> as the reference.

@Suite struct RepositoryIDSetTests {
  @Test func agreesWithSetOnEveryInsert() {
    var ids = RepositoryIDSet()
    var reference = Set<Int>()
    var generator = SystemRandomNumberGenerator()
    let specials = [0, -1, -7, 1, Int.min, Int.max, Int.min + 1]
    let values =
      specials + (0..<20_000).map { _ in Int.random(in: -5_000...5_000, using: &generator) }
      + (0..<5_000).map { $0 * 64 } + specials
    for value in values {
      let inserted = ids.insert(value)
      #expect(inserted == reference.insert(value).inserted, "\(value)")
    }
    ids.removeAll()
    #expect(ids.isEmpty)
    let again = specials.map { ids.insert($0) }
    let repeated = specials.map { ids.insert($0) }
    #expect(again.allSatisfy { $0 } && repeated.allSatisfy { !$0 })
  }

  @Test func pagesAgreeWithSet() {
    var ids = RepositoryIDSet()
    var reference = Set<Int>()
    var generator = SystemRandomNumberGenerator()
    for page in 0..<200 {
      let values =
        (0..<30).map { _ in Int.random(in: (page * 20)...(page * 20 + 60), using: &generator) }
        + (page % 7 == 0 ? [Int.min, Int.min] : [])
      let items = values.map {
        Repository(id: $0, fullName: "o/r", description: nil, stars: 0, language: nil, url: "u")
      }
      let expected = values.map { reference.insert($0).inserted }
      let kept = ids.insert(idsOf: items)
      #expect((kept ?? Array(repeating: true, count: items.count)) == expected, "page \(page)")
      #expect((kept == nil) == expected.allSatisfy { $0 })
    }
  }
}
