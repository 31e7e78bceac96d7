import Foundation
import Testing

/// The dependency direction is the contract (docs/ARCHITECTURE.md): each module imports only
/// the project modules listed for it here, so a feature cannot reach another feature or the
/// live client, and the core and the client interface stay on the JSON module alone.
@Suite("module graph")
struct ModuleGraphTests {
  static let sources = ManualPageTests.root.appendingPathComponent("Sources")

  static let features: Set = ["SearchFeature", "SignupFeature", "FeedFeature"]

  /// What a feature (a reactor and its View) may import: never another feature or the shell.
  static let feature: Set = [
    "ReactorCore", "ReactorJSON", "GitHubClient", "Rendering", "CommandLanguage", "ReactorView", "LiveTerminal",
  ]

  /// The project modules each module may import.
  static let allowed: [String: Set<String>] = [
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
    "ReactorView": ["ReactorCore", "ReactorJSON", "GitHubClient", "Rendering", "CommandLanguage", "LiveTerminal"],
    "SearchFeature": feature,
    "SignupFeature": feature,
    "FeedFeature": feature,
    // The shell knows features only through ReactorView's protocol and the executable's list.
    "Shell": [
      "ReactorCore", "ReactorJSON", "GitHubClient", "Rendering", "CommandLanguage", "ReactorView", "CLineEdit",
      "LiveTerminal",
    ],
    "FeatureList": Set(["ReactorView"]).union(features),
    "reactor": [
      "ReactorCore", "ReactorJSON", "GitHubClient", "GitHubClientLive", "Rendering", "Shell", "CommandLanguage",
      "ReactorView", "FeatureList",
    ],
    "CByteScan": [], "CCurl": [], "CLineEdit": [],
  ]

  /// The project modules the Swift files under `Sources/<module>` import.
  static func imports(of module: String) throws -> Set<String> {
    let project = Set(allowed.keys)
    var found: Set<String> = []
    let folder = sources.appendingPathComponent(module)
    let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      guard file.pathExtension == "swift" else { continue }
      for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: "import"), index + 1 < words.count else { continue }
        // Modifiers and attributes only before `import`: `public import X`, `@preconcurrency import X`.
        guard words[..<index].allSatisfy({ $0.hasPrefix("@") || ["public", "package", "internal"].contains($0) })
        else { continue }
        let name = String(words[index + 1])
        if project.contains(name) { found.insert(name) }
      }
    }
    return found
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

  @Test("the shell names no feature: not a module, not a name in its code")
  func shellNamesNoFeature() throws {
    var offenders: [String] = []
    let folder = Self.sources.appendingPathComponent("Shell")
    let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      guard file.pathExtension == "swift" else { continue }
      let text = try String(contentsOf: file, encoding: .utf8)
      for name in ["\"search\"", "\"signup\"", "\"feed\"", "SearchReactor", "SignupReactor", "FeedReactor"]
      where text.contains(name) {
        offenders.append("\(file.lastPathComponent): \(name)")
      }
    }
    #expect(offenders.isEmpty, "the shell names a feature: \(offenders)")
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
    var offenders: [String] = []
    let files = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      guard file.pathExtension == "swift" else { continue }
      for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
        let words = line.split(separator: " ")
        if let index = words.firstIndex(of: "import"), index + 1 < words.count, words[index + 1] == "Foundation" {
          offenders.append(file.lastPathComponent)
        }
      }
    }
    #expect(offenders.isEmpty, "these import Foundation (FoundationEssentials is what reactor may use)")
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
