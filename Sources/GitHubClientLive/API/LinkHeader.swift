public import Foundation

/// Parses an RFC 8288 `Link` header, as GitHub sends for pagination.
public enum LinkHeader {
  /// Maps each `rel` to its target: `<https://…&page=2>; rel="next", <…>; rel="last"`.
  /// Malformed entries are skipped; a `rel` with several space-separated values maps each.
  public static func parse(_ header: String) -> [String: URL] {
    var links: [String: URL] = [:]
    var rest = Substring(header)
    while let open = rest.firstIndex(of: "<") {
      guard let close = rest[open...].firstIndex(of: ">") else { break }
      let target = rest[rest.index(after: open)..<close]
      let paramsEnd = rest[close...].firstIndex(of: "<") ?? rest.endIndex
      let params = rest[rest.index(after: close)..<paramsEnd]
      rest = rest[paramsEnd...]
      guard let url = URL(string: String(target.trimmingCharacters(in: .whitespaces))) else { continue }
      for param in params.split(separator: ";") {
        let pair = param.split(separator: "=", maxSplits: 1)
        guard pair.count == 2,
          pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel"
        else { continue }
        let value = pair[1].trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\",")))
        for rel in value.lowercased().split(separator: " ") where links[String(rel)] == nil {
          links[String(rel)] = url
        }
      }
    }
    return links
  }

  /// The `page` query parameter of the `rel="next"` link, if there is one.
  public static func nextPage(_ header: String?) -> Int? {
    guard let header, let next = parse(header)["next"] else { return nil }
    return URLComponents(url: next, resolvingAgainstBaseURL: false)?
      .queryItems?.last { $0.name == "page" }?.value.flatMap { Int($0) }
  }
}
