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
