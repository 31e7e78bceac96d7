// swift-tools-version: 6.0
// The reactor package: a reactive REPL and NDJSON daemon for the GitHub REST API.
//
// Dependency direction is the contract (see ARCHITECTURE.md in the shared folder):
// ReactorJSON imports no other project module; ReactorCore knows nothing of GitHub or terminals
// and imports only ReactorJSON; the GitHubClient interface imports only ReactorJSON; features
// know only ReactorCore, ReactorJSON and the GitHubClient interface; the executable is the only
// module that imports GitHubClientLive.
import PackageDescription

// No unsafe flags: a package with them cannot be depended on by URL. The release builds of
// scripts/install and scripts/bench add whole-package cross-module optimization on the command
// line instead (scripts/release-flags).
let strict: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

/// The feature modules, each a reactor, its state and its View (`Sources/<name>`), with its
/// unit tests (`Tests/<name>Tests`), in the order `help` lists their verbs: the one list of
/// features. FeatureList's `Features.all` is generated from it (Plugins/FeatureListGenerator),
/// and ModuleGraphTests reads it.
let features = ["SearchFeature", "SignupFeature", "FeedFeature"]

/// What a feature module may import.
let feature: [Target.Dependency] = [
  "ReactorCore", "ReactorJSON", "GitHubClient", "Rendering", "CommandLanguage", "FeatureKit", "LiveTerminal",
]
let featureModules = features.map { Target.Dependency.target(name: $0) }

let package = Package(
  name: "reactor",
  platforms: [.macOS(.v15)],
  // The public surface. Every other module is internal to the package (`package` access between
  // its modules), so the benchmark and the fuzz targets are targets of this package (below).
  products: [
    .executable(name: "reactor", targets: ["reactor"]),
    .library(name: "ReactorJSON", targets: ["ReactorJSON"]),
    .library(name: "ReactorCore", targets: ["ReactorCore"]),
    .library(name: "ReactorTesting", targets: ["ReactorTesting"]),
    .library(name: "ReactorObservation", targets: ["ReactorObservation"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
  ],
  targets: [
    // SSE2 byte scanning for the JSON writer's and the JSON scanner's hot loops (header only).
    .target(name: "CByteScan"),
    .target(name: "ReactorJSON", dependencies: ["CByteScan"], swiftSettings: strict),
    .target(name: "ReactorCore", dependencies: ["ReactorJSON"], swiftSettings: strict),
    .target(name: "ReactorTesting", dependencies: ["ReactorCore"], swiftSettings: strict),
    // A store as an Observation `Observable`, for SwiftUI (which it does not import).
    .target(name: "ReactorObservation", dependencies: ["ReactorCore"], swiftSettings: strict),
    .target(name: "GitHubClient", dependencies: ["ReactorJSON"], swiftSettings: strict),
    // libcurl, loaded with dlopen on first use (the header comes from libcurl4-openssl-dev).
    .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl")]),
    .target(
      name: "GitHubClientLive", dependencies: ["GitHubClient", "ReactorCore", "ReactorJSON", "CCurl"],
      swiftSettings: strict),
    // Output lines, NDJSON records, terminal text, and the stores that write a feature's changes
    // (StoreMaker): what every feature's View renders with.
    .target(name: "Rendering", dependencies: ["ReactorCore", "ReactorJSON", "GitHubClient"], swiftSettings: strict),
    // The live view's terminal layer: keys from raw bytes, frames to diffed bytes, a VT model to check them.
    .target(name: "LiveTerminal", dependencies: ["Rendering"], swiftSettings: strict),
    // The command language: tokenizer, verb specs, parser, suggestions, completion, redaction.
    .target(name: "CommandLanguage", swiftSettings: strict),
    // What a feature's View is, and what it gets from the session that runs it.
    .target(
      name: "FeatureKit",
      dependencies: ["ReactorCore", "ReactorJSON", "GitHubClient", "Rendering", "CommandLanguage", "LiveTerminal"],
      swiftSettings: strict),
    // libedit, loaded with dlopen when the REPL first edits a line (the header comes from
    // libedit-dev).
    .target(name: "CLineEdit", linkerSettings: [.linkedLibrary("dl")]),
    .target(
      name: "Shell",
      dependencies: [
        "ReactorCore", "ReactorJSON", "GitHubClient", "Rendering", "CommandLanguage", "FeatureKit", "CLineEdit",
        "LiveTerminal",
      ],
      swiftSettings: strict),
    // The features the executable runs: one list, which tests and fuzz targets share.
    .target(
      name: "FeatureList", dependencies: ["FeatureKit"] + featureModules,
      swiftSettings: strict, plugins: ["FeatureListGenerator"]),
    .plugin(name: "FeatureListGenerator", capability: .buildTool()),
    .executableTarget(
      name: "reactor",
      dependencies: [
        "Shell", "Rendering", "ReactorCore", "GitHubClient", "GitHubClientLive", "CommandLanguage", "FeatureKit",
        "FeatureList",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strict),

    // Test-only helpers: the recorded-fixture reader, a loopback HTTP server, shared fixtures.
    .target(
      name: "TestSupport", dependencies: ["ReactorCore", "GitHubClient"], path: "Tests/TestSupport",
      swiftSettings: strict),
    .testTarget(name: "ReactorJSONTests", dependencies: ["ReactorJSON", "CByteScan", "ReactorCore", "GitHubClient"]),
    .testTarget(
      name: "ReactorCoreTests", dependencies: ["ReactorCore", "ReactorJSON", "ReactorTesting", "TestSupport"]),
    .testTarget(name: "ReactorTestingTests", dependencies: ["ReactorTesting", "ReactorCore"]),
    .testTarget(name: "ReactorObservationTests", dependencies: ["ReactorObservation", "ReactorCore", "ReactorTesting"]),
    // The code of the DocC articles, compiled and run (ArticleCodeTests checks the articles show it).
    .testTarget(
      name: "LibraryDocumentationTests",
      dependencies: ["ReactorCore", "ReactorTesting", "ReactorObservation", "ReactorJSON"]),
    .testTarget(
      name: "GitHubClientTests", dependencies: ["GitHubClient", "ReactorJSON", "ReactorCore", "TestSupport"]),
    .testTarget(
      name: "GitHubClientLiveTests",
      dependencies: ["GitHubClient", "GitHubClientLive", "ReactorCore", "ReactorJSON", "TestSupport"]),
    .testTarget(
      name: "RenderingTests",
      dependencies: ["Rendering", "ReactorCore", "ReactorJSON", "FeatureKit", "GitHubClient", "TestSupport"]
        + featureModules),
    .testTarget(name: "LiveTerminalTests", dependencies: ["LiveTerminal", "Rendering"]),
    .testTarget(
      name: "ShellTests",
      dependencies: [
        "Shell", "FeatureList", "CommandLanguage", "FeatureKit", "ReactorCore", "ReactorJSON", "GitHubClient",
        "Rendering", "TestSupport", "LiveTerminal",
      ] + featureModules),
    .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "LiveTerminal"]),
    .testTarget(name: "ReactorCommandTests", dependencies: ["reactor", "ReactorCore", "TestSupport"]),
    .testTarget(
      name: "TranscriptTests",
      dependencies: [
        "Shell", "FeatureList", "CommandLanguage", "FeatureKit", "GitHubClient", "GitHubClientLive", "ReactorCore",
        "ReactorJSON", "SearchFeature", "Rendering", "TestSupport",
      ]),
  ]
)

// The features (each a reactor, its state and its View) and their unit tests, from the one list.
package.targets += features.flatMap { name -> [Target] in
  [
    .target(name: name, dependencies: feature, swiftSettings: strict),
    .testTarget(
      name: name + "Tests",
      dependencies: [.target(name: name), "ReactorCore", "ReactorJSON", "ReactorTesting", "GitHubClient", "TestSupport"]),
  ]
}

// The benchmark executable (scripts/bench builds it in release mode, scripts/test runs its debug
// build once). A root package's executable: never a product, so no dependent builds it.
package.targets.append(
  .executableTarget(
    name: "reactor-bench",
    dependencies: [
      "ReactorCore", "ReactorJSON", "SearchFeature", "Rendering", "GitHubClient", "GitHubClientLive", "Shell",
      "CommandLanguage", "FeatureKit", "FeatureList", "LiveTerminal",
    ],
    path: "Benchmarks/Sources/reactor-bench"))
// Its bookkeeping (the README's table, the guard's reruns), tested as any code is.
package.targets.append(
  .testTarget(name: "ReactorBenchTests", dependencies: ["reactor-bench"], path: "Benchmarks/Tests/ReactorBenchTests"))

// The fuzz targets' bodies (Fuzz/Sources/FuzzTargets), an ordinary module: the suite replays
// every seed input of Fuzz/Corpus through them, so CI needs no fuzzing build.
package.targets += [
  .target(
    name: "FuzzTargets",
    dependencies: [
      "Shell", "CommandLanguage", "FeatureKit", "FeatureList", "SignupFeature", "SearchFeature", "FeedFeature",
      "GitHubClientLive", "GitHubClient", "Rendering", "ReactorCore", "ReactorJSON",
    ],
    path: "Fuzz/Sources/FuzzTargets"),
  .testTarget(name: "FuzzCorpusTests", dependencies: ["FuzzTargets"], path: "Fuzz/Tests/FuzzCorpusTests"),
]

// The libFuzzer executable, only when scripts/fuzz asks for it (REACTOR_FUZZ=1), in a build
// folder of its own. It has no `main`: libFuzzer provides it and calls `LLVMFuzzerTestOneInput`.
// The executables that have a `main` (and the tests, which depend on one) are left out of that
// build, so that a plain `swift build` links only the fuzzer.
if Context.environment["REACTOR_FUZZ"] == "1" {
  package.products.removeAll { $0 is Product.Executable }
  package.targets.removeAll { $0.type == .executable || $0.type == .test || $0.name == "TestSupport" }
  package.targets.append(
    .executableTarget(name: "reactor-fuzz", dependencies: ["FuzzTargets"], path: "Fuzz/Sources/reactor-fuzz"))
}
