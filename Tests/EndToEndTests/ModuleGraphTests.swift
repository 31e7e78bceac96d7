import Foundation
import Testing

/// The dependency direction is the contract (docs/ARCHITECTURE.md): each module imports only
/// the project modules listed for it here, so a feature cannot reach another feature or the
/// live client, and the core and the client interface stay on the JSON module alone.
@Suite("module graph")
struct ModuleGraphTests {
  static let sources = ManualPageTests.root.appendingPathComponent("Sources")

  /// The feature modules: Package.swift's `features`, the one list of features. Read, not
  /// written here, so a feature added later is held to its rules too.
  static let features: Set<String> = {
    let manifest =
      (try? String(contentsOf: ManualPageTests.root.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
    guard let line = manifest.split(separator: "\n").first(where: { $0.hasPrefix("let features = [") }) else {
      return []
    }
    return Set(line.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
  }()

  @Test("Package.swift lists the feature modules, each a folder under Sources")
  func featuresAreListed() {
    #expect(!Self.features.isEmpty, "no `let features = [...]` line in Package.swift")
    for feature in Self.features {
      #expect(FileManager.default.fileExists(atPath: Self.sources.appendingPathComponent(feature).path), "\(feature)")
    }
  }

  /// What a feature (a reactor and its View) may import: never another feature or the shell.
  static let feature: Set = [
    "ReactorCore", "ReactorJSON", "GitHubClient", "Rendering", "CommandLanguage", "FeatureKit", "LiveTerminal",
  ]

  /// The project modules each module may import.
  static let allowed: [String: Set<String>] = Dictionary(uniqueKeysWithValues: features.map { ($0, feature) })
    .merging(shared) { featureRules, _ in featureRules }

  /// The project modules each module but the features may import.
  static let shared: [String: Set<String>] = [
    "ReactorJSON": ["CByteScan"],
    "ReactorCore": ["ReactorJSON"],
    "ReactorTesting": ["ReactorCore", "ReactorJSON"],
    "ReactorObservation": ["ReactorCore"],
    "GitHubClient": ["ReactorJSON"],
    "GitHubClientLive": ["GitHubClient", "ReactorCore", "ReactorJSON", "CCurl"],
    "Rendering": ["ReactorCore", "ReactorJSON", "GitHubClient"],
    "CommandLanguage": [],
    // The live view's terminal layer: below the features, it knows only terminal text.
    "LiveTerminal": ["Rendering"],
    "FeatureKit": ["ReactorCore", "ReactorJSON", "GitHubClient", "Rendering", "CommandLanguage", "LiveTerminal"],
    // The shell knows features only through FeatureKit's protocol and the executable's list.
    "Shell": [
      "ReactorCore", "ReactorJSON", "GitHubClient", "Rendering", "CommandLanguage", "FeatureKit", "CLineEdit",
      "LiveTerminal",
    ],
    "FeatureList": Set(["FeatureKit"]).union(features),
    "reactor": [
      "ReactorCore", "ReactorJSON", "GitHubClient", "GitHubClientLive", "Rendering", "Shell", "CommandLanguage",
      "FeatureKit", "FeatureList",
    ],
    "CByteScan": [], "CCurl": [], "CLineEdit": [],
  ]

  /// The Swift files under `Sources/<module>` (or every module's, for nil), with their text.
  static func files(of module: String?) throws -> [(name: String, text: String)] {
    let folder = module.map { sources.appendingPathComponent($0) } ?? sources
    var found: [(name: String, text: String)] = []
    let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      guard file.pathExtension == "swift" else { continue }
      found.append((file.lastPathComponent, try String(contentsOf: file, encoding: .utf8)))
    }
    return found
  }

  /// The modules `source` imports, whatever the form of the declaration: `import X`, `import
  /// X.Sub`, `import struct X.Y` (a kind before the path), after attributes and an access level
  /// (`@preconcurrency public import X`), indented inside `#if`.
  static func importedModules(in source: String) -> [String] {
    let kinds: Set = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
    let modifiers: Set = ["public", "package", "internal", "fileprivate", "private"]
    return source.split(whereSeparator: \.isNewline).compactMap { line in
      var words = line.split(whereSeparator: \.isWhitespace)[...]
      while let first = words.first, first.hasPrefix("@") || modifiers.contains(String(first)) {
        words = words.dropFirst()
      }
      guard words.first == "import" else { return nil }
      words = words.dropFirst()
      if let kind = words.first, kinds.contains(String(kind)) { words = words.dropFirst() }
      guard let path = words.first else { return nil }
      return String(path.prefix { $0 != "." && $0 != ";" })
    }
  }

  /// The project modules the Swift files under `Sources/<module>` import.
  static func imports(of module: String) throws -> Set<String> {
    Set(try files(of: module).flatMap { importedModules(in: $0.text) }).intersection(allowed.keys)
  }

  @Test("the import reader sees every form of an import, and nothing else")
  func readingImports() {
    let source = """
      import A
      @testable import B
      @preconcurrency package import C.Sub
      import struct D.Thing
      private import func E.f
        import F
      #if canImport(G)
        @_exported public import G
      #endif
      // import NotACommentedModule
      let text = "import NotAString"
      importance(H)
      """
    #expect(Self.importedModules(in: source) == ["A", "B", "C", "D", "E", "F", "G"])
  }

  @Test("every module imports only what the graph allows", arguments: allowed.keys.sorted())
  func importsAreAllowed(module: String) throws {
    let extra = try Self.imports(of: module).subtracting(Self.allowed[module] ?? [])
    #expect(extra.isEmpty, "\(module) imports \(extra.sorted()), which the module graph does not allow")
  }

  @Test("every module folder is in the graph")
  func everyModuleIsListed() throws {
    let folders = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path)
    #expect(Set(folders) == Set(Self.allowed.keys))
  }

  /// The tokens of Swift source that say something: identifiers and the contents of string
  /// literals (comments dropped; an interpolation's code is read as part of its string).
  static func tokens(of source: String) -> (identifiers: [String], strings: [String]) {
    var identifiers: [String] = []
    var strings: [String] = []
    let scalars = Array(source.unicodeScalars)
    var index = 0
    func starts(_ text: String, at position: Int) -> Bool {
      let pattern = Array(text.unicodeScalars)
      return position + pattern.count <= scalars.count && Array(scalars[position..<position + pattern.count]) == pattern
    }
    while index < scalars.count {
      let scalar = scalars[index]
      if starts("//", at: index) {
        while index < scalars.count && scalars[index] != "\n" { index += 1 }
      } else if starts("/*", at: index) {
        index += 2
        while index < scalars.count && !starts("*/", at: index) { index += 1 }
        index += 2
      } else if scalar == "#" || scalar == "\"" {
        // A string literal: `#`s, then `"` or `\"\"\"`, up to the same quotes and as many `#`s.
        var hashes = 0
        while index + hashes < scalars.count && scalars[index + hashes] == "#" { hashes += 1 }
        guard index + hashes < scalars.count, scalars[index + hashes] == "\"" else {
          index += max(1, hashes)
          continue
        }
        index += hashes
        let quote = starts("\"\"\"", at: index) ? "\"\"\"" : "\""
        let close = quote + String(repeating: "#", count: hashes)
        index += quote.unicodeScalars.count
        var text = String.UnicodeScalarView()
        while index < scalars.count && !starts(close, at: index) {
          if scalars[index] == "\\" && hashes == 0 && index + 1 < scalars.count {
            text.append(scalars[index])
            index += 1
          }
          text.append(scalars[index])
          index += 1
        }
        index += close.unicodeScalars.count
        strings.append(String(text))
      } else if scalar.properties.isXIDStart || scalar == "_" {
        var name = String.UnicodeScalarView()
        while index < scalars.count && (scalars[index].properties.isXIDContinue) {
          name.append(scalars[index])
          index += 1
        }
        identifiers.append(String(name))
      } else {
        index += 1
      }
    }
    return (identifiers, strings)
  }

  /// What names a feature: its module, every type its module declares at the top level, and the
  /// name its Views go by (`static let name = "search"`), read from the features' sources.
  static func featureNames() throws -> (types: Set<String>, names: Set<String>) {
    var types = features
    var names: Set<String> = []
    let declaration =
      /^(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private|final)\s+)*(?:class|struct|enum|protocol|actor|typealias)\s+(\w+)/
    let name = /static let name = "([^"]+)"/
    for module in features {
      for file in try files(of: module) {
        for line in file.text.split(separator: "\n") {
          if let match = line.firstMatch(of: declaration) { types.insert(String(match.output.1)) }
          if let match = line.firstMatch(of: name) { names.insert(String(match.output.1)) }
        }
      }
    }
    return (types, names)
  }

  @Test("the source reader finds identifiers and strings, not comments")
  func readingTokens() {
    let source = #"""
      // SearchReactor in a comment
      /* FeedState in a block */ let view = SearchLiveView(host: "search", raw: #"signup"#)
      let help = """
        live feed
        """
      """#
    let (identifiers, strings) = Self.tokens(of: source)
    #expect(identifiers == ["let", "view", "SearchLiveView", "host", "raw", "let", "help"])
    #expect(strings == ["search", "signup", "\n  live feed\n  "])
  }

  @Test("the shell names no feature: not a module, not a type, not a feature's name in its code")
  func shellNamesNoFeature() throws {
    let (types, names) = try Self.featureNames()
    // What the features declare, so a feature added later is covered too: a name each, and
    // their types (the reader found them, or this proves nothing).
    #expect(names.count == Self.features.count && names.contains("search"), "\(names)")
    #expect(types.isSuperset(of: ["SearchLiveView", "SignupState", "FeedText"]), "\(types)")
    var offenders: [String] = []
    for file in try Self.files(of: "Shell") {
      let (identifiers, strings) = Self.tokens(of: file.text)
      for identifier in Set(identifiers).intersection(types).sorted() {
        offenders.append("\(file.name): \(identifier)")
      }
      for string in Set(strings).intersection(names).sorted() { offenders.append("\(file.name): \"\(string)\"") }
    }
    #expect(offenders.isEmpty, "the shell names a feature: \(offenders)")
  }

  /// The settings (flags, directives) and verbs the features declare, read from their sources.
  static func featureWords() throws -> (settings: Set<String>, verbs: Set<String>) {
    var settings: Set<String> = []
    var verbs: Set<String> = []
    for module in features {
      for file in try files(of: module) {
        for match in file.text.matches(of: /FeatureSetting\(\s*"([^"]+)"/) { settings.insert(String(match.output.1)) }
        for match in file.text.matches(of: /CommandSpec\(\s*"([^"]+)"/) { verbs.insert(String(match.output.1)) }
      }
    }
    return (settings, verbs)
  }

  @Test("the shell, the command language and the View layer name no feature's setting, directive, flag or verb")
  func layersNameNoFeatureWord() throws {
    let (settings, verbs) = try Self.featureWords()
    // The reader found them, or this proves nothing.
    #expect(settings.isSuperset(of: ["engine", "sort", "signup-latency"]), "\(settings)")
    #expect(verbs.isSuperset(of: ["query", "next", "signup", "refresh"]), "\(verbs)")
    var offenders: [String] = []
    for module in ["Shell", "CommandLanguage", "FeatureKit"] {
      for file in try Self.files(of: module) {
        for string in Set(Self.tokens(of: file.text).strings) {
          let named =
            settings.contains(string) || verbs.contains(string)
            || settings.contains { string.contains("%" + $0) || string.contains("--" + $0) }
          if named { offenders.append("\(module)/\(file.name): \"\(string)\"") }
        }
      }
    }
    #expect(offenders.isEmpty, "a shared layer names a feature's word: \(offenders.sorted())")
  }

  /// The public surface: the executable and the reusable library. Every other module is
  /// internal to the package, which is why the benchmark and the fuzz targets live in it.
  @Test("the products are the executable, ReactorJSON, ReactorCore, ReactorTesting and ReactorObservation")
  func products() throws {
    let manifest = try String(
      contentsOf: ManualPageTests.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let declared = manifest.matches(of: /\.(library|executable)\(\s*name:\s*"([^"]+)"/).map {
      "\($0.output.1) \($0.output.2)"
    }
    #expect(
      declared.sorted() == [
        "executable reactor", "library ReactorCore", "library ReactorJSON", "library ReactorObservation",
        "library ReactorTesting",
      ])
    // A package with unsafe flags cannot be depended on by URL.
    #expect(!manifest.contains("unsafeFlags"))
  }

  @Test("only the executable imports the live client")
  func liveClientOnlyInTheExecutable() {
    let importers = Self.allowed.filter { $0.value.contains("GitHubClientLive") }.map(\.key)
    #expect(importers == ["reactor"])
  }

  @Test("no module links Foundation itself: FoundationEssentials only, so ICU stays out of every start")
  func foundationEssentialsOnly() async throws {
    let offenders = try Self.files(of: nil).filter { Self.importedModules(in: $0.text).contains("Foundation") }.map(
      \.name)
    #expect(offenders.isEmpty, "these import Foundation (FoundationEssentials is what reactor may use): \(offenders)")
    // The built binary agrees: neither Foundation nor its ICU is loaded, for any kind of start.
    for arguments in [["--version"], ["--offline", "--daemon"], ["--offline", "query", "swift"]] {
      let loaded = try await ReactorBinary.librariesLoaded(arguments)
      #expect(loaded.contains("libswiftCore"), "LD_DEBUG wrote nothing: the check would prove nothing")
      for library in ["libFoundation.so", "libFoundationInternationalization", "lib_FoundationICU"] {
        #expect(!loaded.contains(library), "\(arguments) loaded \(library)")
      }
    }
  }
}
