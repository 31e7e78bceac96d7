import Testing

@testable import GitHubClientLive

// The offline sample's query matching: which repositories a query finds, words, phrases and
// qualifiers alike. The expected results were recorded from the matcher that searched with
// `String.contains`, which compares Characters: canonically equivalent text matches, and a
// match never splits a grapheme cluster.

private func matches(_ query: String, in repositories: [IndexedRepository] = IndexedRepository.all) -> [String] {
  let query = SampleQuery(query)
  return repositories.filter(query.matches).map(\.fullName)
}

private func repository(
  _ fullName: String, description: String? = nil, language: String? = nil, topics: [String] = []
) -> IndexedRepository {
  IndexedRepository(
    SampleRepository(
      id: 1, fullName: fullName, htmlURL: "https://github.com/\(fullName)", description: description,
      stargazersCount: 10, forksCount: 1, language: language, topics: topics))
}

/// Lower-cased text as Characters, with a naive search for a run of them compared with `==`:
/// what `String.contains` finds, written out so that the test does not depend on it.
private struct CharacterText {
  let characters: [Character]

  init(_ text: String) { characters = Array(text.lowercased()) }

  func contains(_ word: [Character]) -> Bool {
    guard word.count <= characters.count else { return false }
    return (0...(characters.count - word.count)).contains { start in
      characters[start..<start + word.count].elementsEqual(word)
    }
  }
}

@Suite struct SampleQueryTests {
  static let sampleCases: [(query: String, count: Int, first: [String])] = [
    ("swift", 162, ["apple/swift", "swiftlang/swift-package-manager", "apple/swift-nio"]),
    ("SWIFT", 162, ["apple/swift", "swiftlang/swift-package-manager", "apple/swift-nio"]),
    ("Swift", 162, ["apple/swift", "swiftlang/swift-package-manager", "apple/swift-nio"]),
    ("rust cli", 9, ["rust-lang/rust-clippy", "clap-rs/clap", "BurntSushi/ripgrep"]),
    ("language:go stars:>1000", 40, ["golang/go", "kubernetes/kubernetes", "moby/moby"]),
    ("language:Go", 40, ["golang/go", "kubernetes/kubernetes", "moby/moby"]),
    ("user:apple", 37, ["apple/swift", "apple/swift-nio", "apple/swift-argument-parser"]),
    ("org:Apple", 37, ["apple/swift", "apple/swift-nio", "apple/swift-argument-parser"]),
    ("user:apple user:vapor", 43, ["apple/swift", "apple/swift-nio", "apple/swift-argument-parser"]),
    ("in:name http", 6, ["apple/swift-http-types", "apple/swift-nio-http2", "swift-server/async-http-client"]),
    ("in:description http", 25, ["apple/swift-http-types", "apple/swift-nio-http2", "apple/darwin-xnu"]),
    ("in:name,description http", 25, ["apple/swift-http-types", "apple/swift-nio-http2", "apple/darwin-xnu"]),
    ("in:topics swift", 162, ["apple/swift", "swiftlang/swift-package-manager", "apple/swift-nio"]),
    ("topic:web", 3, ["angular/angular", "withastro/astro", "servo/servo"]),
    ("topic:Web", 3, ["angular/angular", "withastro/astro", "servo/servo"]),
    ("\"package manager\"", 8, ["swiftlang/swift-package-manager", "apple/swift-llbuild", "pnpm/pnpm"]),
    ("\"package  manager\"", 0, []),
    ("python stars:100..50000", 32, ["pallets/click", "psf/black", "numpy/numpy"]),
    ("stars:>=50000", 133, ["apple/swift", "vsouza/awesome-ios", "python/cpython"]),
    ("stars:<=100", 0, []),
    ("stars:<1000", 26, ["apple/swift-metrics", "apple/swift-driver", "apple/swift-distributed-actors"]),
    ("stars:1000", 1, ["NoTests/RxFeedback.swift"]),
    ("stars:50000..*", 133, ["apple/swift", "vsouza/awesome-ios", "python/cpython"]),
    ("stars:abc", 0, []),
    ("stars:10..5", 0, []),
    ("react in:description", 17, ["ReactorKit/ReactorKit", "ReactiveX/RxSwift", "RxSwiftCommunity/RxKeyboard"]),
    ("org:rust-lang compiler", 2, ["rust-lang/rust", "rust-lang/rust-analyzer"]),
    ("zig", 3, ["oven-sh/bun", "ziglang/zig", "ghostty-org/ghostty"]),
    ("language:typescript framework", 9, ["vuejs/vue", "vuejs/core", "angular/angular"]),
    ("is:public swift", 162, ["apple/swift", "swiftlang/swift-package-manager", "apple/swift-nio"]),
    (
      "sort:stars go", 40,
      ["apple/swift-algorithms", "apple/swift-async-algorithms", "pointfreeco/swift-composable-architecture"]
    ),
    ("fork:true rust", 39, ["rust-lang/rust", "rust-lang/cargo", "rust-lang/rustlings"]),
    ("foo:bar", 0, []),
    ("language:", 0, []),
    ("http/2", 2, ["apple/swift-nio-http2", "grpc/grpc-go"]),
    ("c++", 6, ["facebook/folly", "ggml-org/llama.cpp", "ggml-org/whisper.cpp"]),
    ("C#", 3, ["grpc/grpc", "dotnet/roslyn", "AvaloniaUI/Avalonia"]),
    ("node.js", 10, ["nodejs/node", "axios/axios", "socketio/socket.io"]),
    ("a", 523, ["apple/swift", "swiftlang/swift-package-manager", "apple/swift-nio"]),
    ("-", 396, ["apple/swift", "swiftlang/swift-package-manager", "apple/swift-nio"]),
    ("e", 522, ["apple/swift", "swiftlang/swift-package-manager", "apple/swift-nio"]),
    ("ios app", 12, ["RxSwiftCommunity/RxFlow", "danielgindi/Charts", "fastlane/fastlane"]),
    ("awesome list", 8, ["matteocrippa/awesome-swift", "vsouza/awesome-ios", "vinta/awesome-python"]),
    ("machine learning", 12, ["tensorflow/swift", "ml-explore/mlx-swift", "ml-explore/mlx"]),
    ("sw\u{ED}ft", 0, []),
    ("\u{FB01}le", 0, []),
    ("\u{037E}", 0, []),
    ("kelvin", 0, []),
    ("\u{DF}", 0, []),
    ("Stra\u{DF}e", 0, []),
    ("\u{130}stanbul", 0, []),
    ("caf\u{E9}", 0, []),
    ("\u{1F980}", 0, []),
    ("x", 144, ["apple/swift-crypto", "swiftlang/swift-syntax", "apple/swift-corelibs-foundation"]),
    ("nonexistentword", 0, []),
    ("swift language:swift stars:>10000 user:apple", 1, ["apple/container"]),
    ("in:name swift-", 51, ["swiftlang/swift-package-manager", "apple/swift-nio", "apple/swift-argument-parser"]),
    ("/", 525, ["apple/swift", "swiftlang/swift-package-manager", "apple/swift-nio"]),
    ("apple/swift", 32, ["apple/swift", "apple/swift-nio", "apple/swift-argument-parser"]),
    ("\"the swift\"", 10, ["apple/swift", "swiftlang/swift-package-manager", "apple/swift-evolution"]),
    ("the swift", 36, ["apple/swift", "swiftlang/swift-package-manager", "apple/swift-crypto"]),
    ("framework,", 1, ["fastapi/fastapi"]),
    ("in:name,description react native", 2, ["facebook/react", "facebook/react-native"]),
    ("language:c++", 20, ["apple/swift", "apple/swift-llbuild", "realm/realm-js"]),
    ("language:C", 16, ["apple/swift-crypto", "apple/swift-corelibs-libdispatch", "apple/darwin-xnu"]),
    ("topic:rust cli", 9, ["rust-lang/rust-clippy", "clap-rs/clap", "BurntSushi/ripgrep"]),
    ("LANGUAGE:rust", 42, ["rust-lang/rust", "rust-lang/cargo", "rust-lang/rustlings"]),
    ("\"\"", 525, ["apple/swift", "swiftlang/swift-package-manager", "apple/swift-nio"]),
    ("a\"b c\"d", 0, []),
  ]

  @Test("a query finds the sample repositories it found before", arguments: sampleCases)
  func sample(query: String, count: Int, first: [String]) {
    let found = matches(query)
    #expect(found.count == count)
    #expect(Array(found.prefix(3)) == first)
  }

  static let unicodeRepositories = [
    repository("u/nfc", description: "Caf\u{E9} au lait"),
    repository("u/nfd", description: "Cafe\u{301} noir"),
    repository("u/sharp", description: "STRASSE und Stra\u{DF}e"),
    repository("u/kelvin", description: "Kelvin \u{212A} scale"),
    repository("u/greek", description: "semi\u{037E}colon"),  // GREEK QUESTION MARK, canonically ";"
    repository("u/ascii-semi", description: "semi;colon"),
    repository("u/combining", description: "e\u{301}x marks"),
    repository("u/emoji", description: "\u{1F44D}\u{1F3FD} thumbs"),
    repository("u/turkish", description: "\u{130}stanbul guide"),
    repository("u/crlf", description: "line one\r\nline two"),  // CR LF is one Character
    repository("u/ligature", description: "\u{FB01}le system"),
    repository("\u{C9}cole/Na\u{EF}ve", description: nil, topics: ["Caf\u{E9}", "r\u{E9}seau"]),
  ]

  static let unicodeCases: [(query: String, found: [String])] = [
    ("caf\u{E9}", ["u/nfc", "u/nfd", "\u{C9}cole/Na\u{EF}ve"]),
    ("cafe\u{301}", ["u/nfc", "u/nfd", "\u{C9}cole/Na\u{EF}ve"]),
    ("CAF\u{C9}", ["u/nfc", "u/nfd", "\u{C9}cole/Na\u{EF}ve"]),
    ("cafe", []),
    (
      "e",
      [
        "u/sharp", "u/kelvin", "u/greek", "u/ascii-semi", "u/emoji", "u/turkish", "u/crlf", "u/ligature",
        "\u{C9}cole/Na\u{EF}ve",
      ]
    ),
    ("ex", []),
    ("e\u{301}x", ["u/combining"]),
    ("\u{E9}x", ["u/combining"]),
    ("stra\u{DF}e", ["u/sharp"]),
    ("strasse", ["u/sharp"]),
    ("\u{DF}", ["u/sharp"]),
    ("k scale", ["u/kelvin"]),
    ("\u{212A}", ["u/kelvin", "u/greek", "u/combining", "u/turkish"]),
    ("kelvin \u{212A}", ["u/kelvin"]),
    (";", ["u/greek", "u/ascii-semi"]),
    ("\u{037E}", ["u/greek", "u/ascii-semi"]),
    ("semi;", ["u/greek", "u/ascii-semi"]),
    ("\u{1F44D}", []),
    ("\u{1F44D}\u{1F3FD}", ["u/emoji"]),
    ("\u{1F3FD}", []),
    ("istanbul", []),
    ("\u{130}stanbul", ["u/turkish"]),
    ("i\u{307}stanbul", ["u/turkish"]),
    ("\"one\r\"", []),
    ("\"one\r\nline\"", ["u/crlf"]),
    ("\"\nline\"", []),
    ("fi", []),
    ("\u{FB01}", ["u/ligature"]),
    ("\u{FB01}le", ["u/ligature"]),
    ("\u{E9}cole", ["\u{C9}cole/Na\u{EF}ve"]),
    ("na\u{EF}ve", ["\u{C9}cole/Na\u{EF}ve"]),
    ("in:name \u{E9}cole", ["\u{C9}cole/Na\u{EF}ve"]),
    ("topic:caf\u{E9}", ["\u{C9}cole/Na\u{EF}ve"]),
    ("topic:cafe\u{301}", ["\u{C9}cole/Na\u{EF}ve"]),
    ("r\u{E9}s", ["\u{C9}cole/Na\u{EF}ve"]),
    ("in:description r\u{E9}s", []),
    ("user:\u{E9}cole", ["\u{C9}cole/Na\u{EF}ve"]),
    ("user:\u{C9}COLE", ["\u{C9}cole/Na\u{EF}ve"]),
    ("scale", ["u/kelvin"]),
  ]

  @Test("non-ASCII queries and texts match by Characters, as before", arguments: unicodeCases)
  func unicode(query: String, found: [String]) {
    #expect(matches(query, in: Self.unicodeRepositories) == found)
  }

  /// Words of the sample's names, descriptions and topics (one in sixty, and a fragment of
  /// each), in lower and upper case.
  static let sampleWords: [String] = {
    var words: Set<String> = []
    for repository in SampleRepository.all {
      let text = ([repository.fullName, repository.description ?? ""] + repository.topics).joined(separator: " ")
      words.formUnion(text.split(separator: " ").map(String.init))
    }
    let some = words.sorted().enumerated().filter { $0.offset % 60 == 0 }.map(\.element)
    return some + some.map { String($0.dropFirst().prefix(3)) }.filter { !$0.isEmpty } + some.map { $0.uppercased() }
  }()

  @Test("a word finds the repositories whose name, description or a topic holds it as Characters")
  func wordsAgreeWithCharacterSearch() {
    for repositories in [IndexedRepository.all, Self.unicodeRepositories] {
      let texts = repositories.map { indexed in
        let repository = indexed.repository
        return [CharacterText(repository.fullName), CharacterText(repository.description ?? "")]
          + repository.topics.map(CharacterText.init)
      }
      let words = Self.sampleWords + ["e", "\u{E9}", "e\u{301}", ";", "\u{037E}", "\u{1F44D}", "\u{DF}", "\u{212A}"]
      for word in words {
        let characters = Array(word.lowercased())
        let expected = zip(repositories, texts).filter { $1.contains { $0.contains(characters) } }.map(\.0.fullName)
        #expect(matches(word, in: repositories) == expected, "\(word)")
      }
    }
  }

  @Test("a word never spans the end of one part and the start of the next")
  func wordsStayInsideOnePart() {
    let repositories = [repository("ab/cd", description: "ef gh", topics: ["ij", "kl"])]
    for word in ["cdef", "\"cd ef\"", "ghij", "jkl", "d\u{FF}e"] {
      #expect(matches(word, in: repositories).isEmpty, "\(word)")
    }
    for word in ["ab/cd", "ef gh", "ij", "kl", "d", "h"] {
      #expect(matches(word, in: repositories) == ["ab/cd"], "\(word)")
    }
  }
}
