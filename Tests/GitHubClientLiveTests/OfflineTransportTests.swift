import Foundation
import GitHubClient
import GitHubClientLive
import Testing

// The offline sample through the ordinary client: GitHubClient.live over OfflineTransport.

private func offlineClient(now: Date = fixedNow) -> GitHubClient {
  GitHubClient.live(configuration: makeConfiguration(), transport: OfflineTransport(now: { now }))
}

/// Every page of a search, following nextPage.
private func allPages(_ client: GitHubClient, _ query: String, perPage: Int = 30) async throws -> [Page<Repository>] {
  var pages: [Page<Repository>] = []
  var next: Int? = 1
  while let page = next {
    let result = try await client.searchRepositories(query, page, perPage)
    pages.append(result)
    next = result.nextPage
    if pages.count > 40 { break }
  }
  return pages
}

@Suite struct OfflineTransportTests {
  @Test func swiftPagesOneToThreeFollowNextPage() async throws {
    let client = offlineClient()
    let page1 = try await client.searchRepositories("swift", 1, 30)
    let page2 = try await client.searchRepositories("swift", 2, 30)
    let page3 = try await client.searchRepositories("swift", 3, 30)
    #expect([page1, page2, page3].map(\.items.count) == [30, 30, 30])
    #expect([page1, page2, page3].map(\.page) == [1, 2, 3])
    #expect([page1, page2, page3].map(\.nextPage) == [2, 3, 4])
    let total = try #require(page1.totalCount)
    #expect(total > 90)
    #expect(page2.totalCount == total && page3.totalCount == total)
    let ids = (page1.items + page2.items + page3.items).map(\.id)
    #expect(Set(ids).count == 90, "no repository appears on two pages")
    #expect(page1.items.first?.fullName == "apple/swift")
    #expect(page1.items.first?.url == "https://github.com/apple/swift")
    let stars = (page1.items + page2.items + page3.items).map(\.stars)
    #expect(stars == stars.sorted(by: >), "sorted by stars, most first")
  }

  @Test func followingEveryPageYieldsTheTotalWithoutDuplicates() async throws {
    let pages = try await allPages(offlineClient(), "swift")
    let items = pages.flatMap(\.items)
    #expect(pages.last?.nextPage == nil)
    #expect(items.count == pages[0].totalCount)
    #expect(Set(items.map(\.id)).count == items.count)
    #expect(pages.dropLast().allSatisfy { $0.items.count == 30 })
  }

  @Test func languageQualifierFilters() async throws {
    let items = try await allPages(offlineClient(), "language:swift").flatMap(\.items)
    #expect(!items.isEmpty)
    #expect(items.allSatisfy { $0.language == "Swift" })
    let rust = try await allPages(offlineClient(), "language:Rust").flatMap(\.items)
    #expect(!rust.isEmpty && rust.allSatisfy { $0.language == "Rust" })
    #expect(Set(rust.map(\.id)).isDisjoint(with: items.map(\.id)))
  }

  @Test func starsQualifiersFilter() async throws {
    let big = try await allPages(offlineClient(), "stars:>50000").flatMap(\.items)
    #expect(!big.isEmpty && big.allSatisfy { $0.stars > 50000 })
    let band = try await allPages(offlineClient(), "stars:1000..2000").flatMap(\.items)
    #expect(!band.isEmpty && band.allSatisfy { (1000...2000).contains($0.stars) })
    let atLeast = try await allPages(offlineClient(), "stars:>=67100").flatMap(\.items)
    #expect(atLeast.allSatisfy { $0.stars >= 67100 } && atLeast.contains { $0.fullName == "apple/swift" })
    let combined = try await allPages(offlineClient(), "swift language:swift stars:>1000").flatMap(\.items)
    #expect(!combined.isEmpty && combined.allSatisfy { $0.language == "Swift" && $0.stars > 1000 })
  }

  @Test func quotedPhraseMatchesAsOneWord() async throws {
    let phrase = try await allPages(offlineClient(), "\"programming language\"").flatMap(\.items)
    #expect(!phrase.isEmpty)
    #expect(phrase.contains { $0.fullName == "apple/swift" })
    let words = try await allPages(offlineClient(), "programming language").flatMap(\.items)
    #expect(phrase.count <= words.count)
    #expect(Set(phrase.map(\.id)).isSubset(of: words.map(\.id)))
  }

  @Test(arguments: ["", "   "])
  func emptyQueryIsAValidationFailure(_ query: String) async {
    let error = await gitHubError { try await offlineClient().searchRepositories(query, 1, 30) }
    #expect(error == .validationFailed("Validation Failed: q missing"))
  }

  @Test func nonexistentQueryHasNoResults() async throws {
    let page = try await offlineClient().searchRepositories("zzqxnonexistentzzqx", 1, 30)
    #expect(page.items.isEmpty)
    #expect(page.totalCount == 0)
    #expect(page.nextPage == nil)
  }

  @Test func knownLoginsAreTakenOthersAvailable() async throws {
    let client = offlineClient()
    #expect(try await client.userExists("octocat") == true)
    #expect(try await client.userExists("OctoCat") == true)
    #expect(try await client.userExists("apple") == true)
    let random = "reactor-free-\(UInt32.random(in: 100_000...999_999))"
    #expect(try await client.userExists(random) == false)
  }

  @Test func unknownRoutesAre404() async throws {
    let response = try await OfflineTransport(now: { fixedNow }).send(
      HTTPRequest(url: URL(string: "https://api.github.com/repos/apple/swift")!))
    #expect(response.status == 404)
    #expect(throws: GitHubError.notFound("Not Found")) { try makeAPI().checkStatus(response) }
  }

  @Test func eventsPageWithETagAndNotModifiedOnRepeat() async throws {
    let client = offlineClient()
    let first = try await client.events(1, 30, nil)
    guard case .page(let page1, let etag?) = first else {
      Issue.record("expected a page with an ETag, got \(first)")
      return
    }
    #expect(page1.items.count == 30)
    #expect(page1.nextPage == 2)
    #expect(try await client.events(1, 30, etag) == .notModified)
    // A different page has its own ETag, so the same one does not match it.
    guard case .page(let page2, let etag2?) = try await client.events(2, 30, etag) else {
      Issue.record("expected page 2")
      return
    }
    #expect(etag2 != etag)
    #expect(page2.nextPage == 3)
    guard case .page(let page3, _) = try await client.events(3, 30, nil) else {
      Issue.record("expected page 3")
      return
    }
    #expect(page3.nextPage == nil)
    let ids = (page1.items + page2.items + page3.items).map(\.id)
    #expect(Set(ids).count == ids.count, "event ids are unique across pages")
  }

  @Test func eventTimesAreRelativeToTheInjectedClock() async throws {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    guard case .page(let page, _) = try await offlineClient(now: now).events(1, 30, nil) else {
      Issue.record("expected a page")
      return
    }
    let first = try #require(page.items.first)
    #expect(first.id == "48213377012")
    #expect(first.actor == "torvalds" && first.repository == "torvalds/linux")
    #expect(first.createdAt == 1_800_000_000 - 20)
    #expect(first.detail == "master")
    #expect(page.items.allSatisfy { $0.createdAt <= now.timeIntervalSince1970 })
    let times = page.items.map(\.createdAt)
    #expect(times == times.sorted(by: >), "newest first")
    guard case .page(let later, _) = try await offlineClient(now: now.addingTimeInterval(3600)).events(1, 30, nil)
    else {
      Issue.record("expected a page")
      return
    }
    #expect(later.items.first?.createdAt == first.createdAt + 3600)
  }
}

/// The sample's user route decodes escapes as Foundation's `removingPercentEncoding` did.
@Suite struct PercentDecodingTests {
  @Test(arguments: ["octocat", "a%20b", "%E2%9C%93", "%e2%9c%93", "50%", "%zz", "%4", "%FF", "%", "a%2Fb", ""])
  func sameAsFoundation(_ text: String) {
    #expect(OfflineTransport.removingPercentEncoding(text) == text.removingPercentEncoding, "\(text)")
  }
}
