import CommandLanguage
import ReactorCore
import Shell
import Testing

// Tokenizer: shell-like word splitting with quotes, escapes and comments.

@Suite struct TokenizerTests {
  @Test(arguments: [
    ("query swift", ["query", "swift"]),
    ("   query    swift   ", ["query", "swift"]),
    ("query\tswift", ["query", "swift"]),
    ("", []),
    ("    ", []),
    (#"query "swift language:swift""#, ["query", "swift language:swift"]),
    (#"query "two  spaces""#, ["query", "two  spaces"]),
    (#"query 'a "b" c'"#, ["query", #"a "b" c"#]),
    (#"query 'back\slash'"#, ["query", #"back\slash"#]),
    (#"query "a \"b\" c\\d""#, ["query", #"a "b" c\d"#]),
    (#"query "keep \n and \$""#, ["query", #"keep \n and \$"#]),
    (#"query a\ b"#, ["query", "a b"]),
    (#"query \'x"#, ["query", "'x"]),
    (#"query \"x"#, ["query", "\"x"]),
    (#"query \\"#, ["query", "\\"]),
    ("query ''", ["query", ""]),
    (#"query """#, ["query", ""]),
    (#"query a"b"c"#, ["query", "abc"]),
    ("query a'b c'd", ["query", "ab cd"]),
    (#"query "x"'y'z"#, ["query", "xyz"]),
    ("query 漢字 😀", ["query", "漢字", "😀"]),
  ])
  func splits(_ line: String, _ words: [String]) throws {
    #expect(try Tokenizer.split(line) == words)
  }

  @Test(arguments: [
    ("# a comment", []),
    ("   # indented comment", []),
    ("query swift # find swift", ["query", "swift"]),
    ("query swift #", ["query", "swift"]),
    ("query a#b", ["query", "a#b"]),
    ("query c# #comment", ["query", "c#"]),
    (##"query \#x"##, ["query", "#x"]),
    (##"query "#x""##, ["query", "#x"]),
    ("query '#x'", ["query", "#x"]),
    ("query # 'unterminated", ["query"]),
  ])
  func comments(_ line: String, _ words: [String]) throws {
    #expect(try Tokenizer.split(line) == words)
  }

  @Test(arguments: [
    (#"query "abc"#, Tokenizer.Failure.unterminatedQuote("\"")),
    ("query 'abc", .unterminatedQuote("'")),
    (#"query "abc\"#, .unterminatedQuote("\"")),
    (#"query "abc\""#, .unterminatedQuote("\"")),
    ("'", .unterminatedQuote("'")),
    (#"query abc\"#, .trailingBackslash),
    (#"\"#, .trailingBackslash),
  ])
  func failures(_ line: String, _ failure: Tokenizer.Failure) {
    #expect(throws: failure) { try Tokenizer.split(line) }
  }

  @Test func failureMessages() {
    #expect(Tokenizer.Failure.unterminatedQuote("\"").message == "unterminated double quote")
    #expect(Tokenizer.Failure.unterminatedQuote("'").message == "unterminated single quote")
    #expect(Tokenizer.Failure.trailingBackslash.message == "the line ends with a lone backslash")
  }
}

/// The tokenizer before its fast paths (every scalar through `properties.isWhitespace`, every
/// word built scalar by scalar): the reference the current one must agree with.
private func referenceSplit(_ line: String) throws(Tokenizer.Failure) -> [String] {
  var words: [String] = []
  var current = String.UnicodeScalarView()
  var inWord = false
  var iterator = line.unicodeScalars.makeIterator()
  while let scalar = iterator.next() {
    switch scalar {
    case "'":
      inWord = true
      var closed = false
      while let next = iterator.next() {
        if next == "'" {
          closed = true
          break
        }
        current.append(next)
      }
      if !closed { throw .unterminatedQuote("'") }
    case "\"":
      inWord = true
      var closed = false
      while let next = iterator.next() {
        if next == "\"" {
          closed = true
          break
        }
        if next == "\\" {
          guard let escaped = iterator.next() else { throw .unterminatedQuote("\"") }
          if escaped != "\"" && escaped != "\\" { current.append("\\") }
          current.append(escaped)
        } else {
          current.append(next)
        }
      }
      if !closed { throw .unterminatedQuote("\"") }
    case "\\":
      guard let escaped = iterator.next() else { throw .trailingBackslash }
      inWord = true
      current.append(escaped)
    case "#" where !inWord:
      return words
    case _ where scalar.properties.isWhitespace:
      if inWord { words.append(String(current)) }
      current = String.UnicodeScalarView()
      inWord = false
    default:
      inWord = true
      current.append(scalar)
    }
  }
  if inWord { words.append(String(current)) }
  return words
}

@Suite struct TokenizerDifferentialTests {
  @Test func agreesWithTheReferenceOnGeneratedLines() {
    let generator = SeededGenerator(seed: 0x70CE)
    let pieces = [
      "query", "next", "a", "swift", " ", "  ", "\t", "\n", "\u{0B}", "\u{0C}", "\r", "\u{1C}", "\u{1F}", "\u{85}",
      "\u{A0}", "\u{2028}", "\u{3000}", "'", "\"", "\\", "#", "x#y", "\u{301}", "é", "😀", "language:swift", "\u{0}",
    ]
    var mismatches: [String] = []
    for _ in 0..<20_000 {
      var line = ""
      for _ in 0..<Int(generator.next() % 8) { line += pieces[Int(generator.next() % UInt64(pieces.count))] }
      let actual = Result { () throws(Tokenizer.Failure) -> [String] in try Tokenizer.split(line) }
      let expected = Result { () throws(Tokenizer.Failure) -> [String] in try referenceSplit(line) }
      if actual != expected { mismatches.append(line.debugDescription) }
    }
    #expect(mismatches.count == 0, "\(mismatches.count) mismatches, first: \(mismatches.prefix(5))")
  }
}

@Suite struct TokenizerQuotingTests {
  /// Words given on the command line come back as the same words, whatever they hold.
  @Test(arguments: [
    ["query", "swift"], ["signup", "zz9", "pass word", "pass word"], ["query", "it's", "\"x\"", "a\\b"],
    ["query", "&"], ["query", "#notacomment"], ["query", ""], ["query", "tab\there", "漢字"],
  ])
  func roundTrips(_ words: [String]) throws {
    #expect(try Tokenizer.split(Tokenizer.line(quoting: words)) == words)
    #expect(
      Tokenizer.splitBackground(Tokenizer.line(quoting: words)).1 == false, "a word & never runs in the background")
  }
}
