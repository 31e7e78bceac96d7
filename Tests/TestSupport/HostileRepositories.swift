public import GitHubClient

extension Repository {
  /// Repositories whose text tries every escape a writer or a terminal must get right: quotes
  /// and backslashes, C0 and C1 controls, bidirectional overrides, line separators, extreme
  /// numbers, empty and non-ASCII fields.
  public static let hostileExamples = [
    Repository(
      id: 1, fullName: "apple/swift", description: "The Swift Programming Language", stars: 67_100, language: "C++",
      url: "https://github.com/apple/swift"),
    Repository(id: -7, fullName: "a/\"quoted\"\\", description: nil, stars: 0, language: nil, url: ""),
    Repository(
      id: .max, fullName: "evil/\u{1B}]52;c;QQ==\u{07}",
      description: "clear\u{1B}[2J\r\u{9B}31m \u{202E}rlo\u{2066} \u{2028}",
      stars: .min, language: "漢字 😀", url: "https://example.com/\u{7F}\u{85}\u{061C}"),
    Repository(id: 0, fullName: "", description: "", stars: 1, language: "", url: "x"),
    // Non-ASCII that JSON text keeps as it is: read back from the text, not from originals.
    Repository(
      id: 5, fullName: "café/漢字", description: "😀 naïve — ok", stars: 3, language: "Ελληνικά",
      url: "https://example.com/é"),
  ]
}
