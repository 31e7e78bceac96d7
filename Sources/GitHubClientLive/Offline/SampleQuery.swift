/// GitHub-style search query matching for the offline sample.
///
/// Supports what people type most: words (all must match the name, description or topics,
/// case-insensitively), quoted phrases, and the qualifiers `language:`, `stars:` (`>N`,
/// `>=N`, `<N`, `<=N`, `N..M`, `N..*`, `N`), `user:`/`org:`, `topic:` and
/// `in:name`/`in:description`. Unknown qualifiers are matched as words.
struct SampleQuery: Equatable {
  var words: [MatchText] = []
  var languages: [String] = []
  var stars: ClosedRange<Int>?
  var owners: [String] = []
  var topics: [String] = []
  var inName = false
  var inDescription = false

  init(_ text: String) {
    for token in Self.tokenize(text) {
      let parts = token.split(separator: ":", maxSplits: 1).map(String.init)
      guard parts.count == 2, !parts[1].isEmpty else {
        words.append(MatchText(token.lowercased()))
        continue
      }
      let value = parts[1].lowercased()
      switch parts[0].lowercased() {
      case "language": languages.append(value)
      case "stars":
        if let range = Self.range(value) { stars = range } else { words.append(MatchText(token.lowercased())) }
      case "user", "org": owners.append(value)
      case "topic": topics.append(value)
      case "in":
        for place in value.split(separator: ",") {
          if place == "name" { inName = true }
          if place == "description" { inDescription = true }
        }
      case "sort", "order", "fork", "is", "archived": break
      default: words.append(MatchText(token.lowercased()))
      }
    }
  }

  /// True when every part of the query matches the repository.
  func matches(_ repository: IndexedRepository) -> Bool {
    if !languages.isEmpty && !languages.contains(repository.language) { return false }
    if let stars, !stars.contains(repository.stars) { return false }
    if !owners.isEmpty && !owners.contains(repository.owner) { return false }
    if !topics.allSatisfy({ topic in repository.topics.contains { $0.text == topic } }) { return false }
    let searchAll = !inName && !inDescription
    return words.allSatisfy { word in
      if searchAll, let haystack = repository.searchable, let needle = word.bytes {
        return MatchText.find(needle, in: haystack)
      }
      return ((searchAll || inName) && repository.name.contains(word))
        || ((searchAll || inDescription) && repository.description.contains(word))
        || (searchAll && repository.topics.contains { $0.contains(word) })
    }
  }

  /// Splits on white space, keeping double-quoted phrases together (without the quotes).
  static func tokenize(_ text: String) -> [String] {
    var tokens: [String] = []
    var current = ""
    var quoted = false
    for character in text {
      if character == "\"" {
        quoted.toggle()
      } else if character.isWhitespace && !quoted {
        if !current.isEmpty { tokens.append(current) }
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { tokens.append(current) }
    return tokens
  }

  static func range(_ text: String) -> ClosedRange<Int>? {
    if text.hasPrefix(">=") { return Int(text.dropFirst(2)).map { $0...Int.max } }
    if text.hasPrefix("<=") { return Int(text.dropFirst(2)).map { Int.min...$0 } }
    if text.hasPrefix(">") { return Int(text.dropFirst()).map { ($0 &+ 1)...Int.max } }
    if text.hasPrefix("<") { return Int(text.dropFirst()).flatMap { $0 > Int.min ? Int.min...($0 - 1) : nil } }
    let bounds = text.split(separator: ".", omittingEmptySubsequences: true)
    if text.contains(".."), bounds.count == 2, let low = Int(bounds[0]) {
      if bounds[1] == "*" { return low...Int.max }
      if let high = Int(bounds[1]), low <= high { return low...high }
      return nil
    }
    return Int(text).map { $0...$0 }
  }
}
