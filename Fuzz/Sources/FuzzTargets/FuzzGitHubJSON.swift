import FeedFeature
import Foundation
import GitHubClient
import GitHubClientLive
import ReactorCore
import ReactorJSON
import Rendering
import SearchFeature

// The response side of GitHubAPI: searchPage, userExists, eventsResult and checkStatus on a
// response built from the input. Byte 0 picks the status (low 6 bits, from `statuses`) and,
// with its high bit set, says the input goes on with header lines ("Name: value", up to a
// blank line) before the body; otherwise the rest is the body. Byte 0's bit 6 adds a token to
// the configuration (rate limits are worded differently).
//
// Everything here comes from the network, so nothing may trap: not the decoding, not the
// next request the client would make (the page the Link header names, decoded with the same
// response), and not printing what was decoded (the search list and feed lines the shell
// prints). Properties: success statuses never throw from checkStatus, errors have a code and
// a message, a decoded page's nextPage is the Link header's, and each repository's JSON text
// parses back to its fields.

let statuses = [
  200, 201, 204, 301, 304, 400, 401, 403, 404, 409, 410, 422, 429, 451, 500, 502, 503, 504, 0, 99, 600, 999,
]

package func fuzzGitHubJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = ByteReader(bytes(data, size))
  let first = input.byte()
  let status = statuses[Int(first & 0x3F) % statuses.count]
  var rest = Array(input.rest())
  var headers: [HTTPHeader] = []
  if first & 0x80 != 0 {
    let separator = Array("\n\n".utf8)
    let end = rest.indices.first { rest[$0...].starts(with: separator) } ?? rest.count
    for line in String(decoding: rest[..<end], as: UTF8.self).split(separator: "\n") {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers.append(HTTPHeader(String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " })))
    }
    rest = Array(rest[min(end + 2, rest.count)...])
  }
  let response = HTTPResponse(status: status, headers: headers, body: Data(rest))
  let api = GitHubAPI(
    configuration: GitHubConfiguration(
      baseURL: URL(string: "https://api.github.com")!, token: first & 0x40 != 0 ? Secret("t") : nil,
      userAgent: "reactor/fuzz", now: { Date(timeIntervalSince1970: 1_700_000_000) }))

  func describe(_ error: GitHubError) {
    require(!error.code.isEmpty && !error.message.isEmpty, "an error without code or message: \(error)")
  }
  do {
    try api.checkStatus(response)
  } catch {
    require(!(200..<300).contains(status), "checkStatus threw \(error) for HTTP \(status)")
    describe(error)
  }
  do {
    let page = try api.searchPage(response, page: 2, perPage: 30)
    require(
      page.nextPage == LinkHeader.nextPage(response.header("Link")), "searchPage's nextPage is not the Link header's")
    require(page.page == 2, "searchPage built a bad page")
    for repository in page.items { checkText(of: repository) }
    render(page, width: 20 + Int(first) % 100)
    // `next`: the client asks for the page the Link header named and decodes its answer.
    if let next = page.nextPage { _ = try? api.searchPage(response, page: next, perPage: 30) }
  } catch {
    describe(error)
  }
  do {
    _ = try api.searchPage(response, page: 34, perPage: 30)
  } catch {
    describe(error)
  }
  do {
    _ = try api.userExists(response)
  } catch {
    describe(error)
  }
  do {
    switch try api.eventsResult(response, page: 1) {
    case .notModified: require(status == 304, "notModified for HTTP \(status)")
    case .page(let page, let etag):
      require(etag == response.header("ETag"), "eventsResult lost the ETag")
      for event in page.items {
        _ = FeedText.summary(of: event)
        _ = FeedText.age(of: event, now: 1_700_000_000)
      }
      // `more`: the next page, as the feed asks for it.
      if let next = page.nextPage { _ = try? api.eventsResult(response, page: next) }
    }
  } catch {
    describe(error)
  }
  _ = GitHubError.from(HTTPTransportError.unreachable(String(decoding: rest.prefix(32), as: UTF8.self)))
  return 0
}

/// A repository's JSON text (written once, its strings read back from it) is valid JSON that
/// holds exactly its fields.
private func checkText(of repository: Repository) {
  let text = repository.jsonValue.jsonText
  let parsed = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
  guard let parsed else { return require(false, "a repository's JSON text does not parse: \(text)") }
  require(parsed.count == 6, "a repository's JSON text has \(parsed.count) members: \(text)")
  require(parsed["fullName"] as? String == repository.fullName, "fullName does not read back: \(text)")
  require(parsed["url"] as? String == repository.url, "url does not read back: \(text)")
  require((parsed["description"] as? String) == repository.description, "description does not read back: \(text)")
  require((parsed["language"] as? String) == repository.language, "language does not read back: \(text)")
  require((parsed["id"] as? NSNumber)?.intValue == repository.id, "id does not read back: \(text)")
  require((parsed["stars"] as? NSNumber)?.intValue == repository.stars, "stars does not read back: \(text)")
}

/// Prints a page the way the shell does: the numbered text list and the NDJSON state.
private func render(_ page: Page<Repository>, width: Int) {
  var state = SearchState()
  state.query = "q"
  state.repos = TrackedArray(page.items)
  state.nextPage = page.nextPage
  state.totalCount = page.totalCount
  for lines in [
    SearchText(options: RenderOptions(mode: .text, color: width % 2 == 0, width: width)).list(
      state, from: 0, count: page.items.count),
    Records(options: RenderOptions(mode: .json)).state(feature: "search", state: state.jsonValue),
  ] {
    for line in lines { _ = line.text }
  }
}
