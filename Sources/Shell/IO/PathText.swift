/// File paths as text, the two operations of `NSString` that reactor needs, without linking
/// Foundation's `NSString` (and the ICU that comes with it) into every start.
extension String {
  /// The path without its last component: `a/b/c` -> `a/b`, `/a` -> `/`, `a` -> `` (as
  /// `NSString.deletingLastPathComponent`, trailing slashes ignored).
  package var deletingLastPathComponent: String {
    let trimmed = trimmingTrailingSlashes
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    let head = trimmed[..<slash]
    let parent = String(head).trimmingTrailingSlashes
    return parent.isEmpty ? "/" : parent
  }

  /// The last component: `a/b/c` -> `c`, `a/b/` -> `b`, `/` -> `/`.
  package var lastPathComponent: String {
    let trimmed = trimmingTrailingSlashes
    if trimmed == "/" { return "/" }
    guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
    return String(trimmed[trimmed.index(after: slash)...])
  }

  /// Without trailing slashes, except that `/` (or `///`) stays `/`.
  private var trimmingTrailingSlashes: String {
    var result = Substring(self)
    while result.count > 1 && result.hasSuffix("/") { result = result.dropLast() }
    return String(result)
  }
}
