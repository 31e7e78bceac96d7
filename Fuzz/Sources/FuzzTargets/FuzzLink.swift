import Foundation
import GitHubClientLive

// LinkHeader.parse and nextPage on arbitrary header values (a server, or anything between,
// chooses them). Properties: nextPage agrees with parse's "next" target, and every rel is
// lowercased and non-empty.

package func fuzzLink(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let header = String(decoding: bytes(data, size), as: UTF8.self)
  let links = LinkHeader.parse(header)
  for (rel, url) in links {
    require(!rel.isEmpty && rel == rel.lowercased(), "rel \(rel.debugDescription) is empty or not lowercased")
    _ = url.absoluteString
  }
  let page = LinkHeader.nextPage(header)
  if links["next"] == nil { require(page == nil, "nextPage \(String(describing: page)) without a next link") }
  _ = LinkHeader.nextPage(nil)
  return 0
}
