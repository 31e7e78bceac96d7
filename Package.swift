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

/// What a feature module may import.
let feature: [Target.Dependency] = [
  "ReactorCore", "ReactorJSON", "GitHubClient", "Rendering", "CommandLanguage", "ReactorView",
]

let package = Package(
  name: "reactor",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "reactor", targets: ["reactor"]),
    .library(name: "ReactorJSON", targets: ["ReactorJSON"]),
    .library(name: "ReactorCore", targets: ["ReactorCore"]),
    .library(name: "ReactorTesting", targets: ["ReactorTesting"]),
    .library(name: "GitHubClient", targets: ["GitHubClient"]),
    .library(name: "SearchFeature", targets: ["SearchFeature"]),
    .library(name: "Rendering", targets: ["Rendering"]),
    .library(name: "Shell", targets: ["Shell"]),
    .library(name: "GitHubClientLive", targets: ["GitHubClientLive"]),
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
    .target(name: "GitHubClient", dependencies: ["ReactorJSON"], swiftSettings: strict),
    // libcurl, loaded with dlopen on first use (the header comes from libcurl4-openssl-dev).
    .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl")]),
    .target(
      name: "GitHubClientLive", dependencies: ["GitHubClient", "ReactorCore", "ReactorJSON", "CCurl"],
      swiftSettings: strict),
    // Output lines, NDJSON records, terminal text: what every feature's View renders with.
    .target(name: "Rendering", dependencies: ["ReactorCore", "ReactorJSON", "GitHubClient"], swiftSettings: strict),
    // The command language: tokenizer, verb specs, parser, suggestions, completion, redaction.
    .target(name: "CommandLanguage", swiftSettings: strict),
    // What a feature's View is, and what it gets from the session that runs it.
    .target(
      name: "ReactorView",
      dependencies: ["ReactorCore", "ReactorJSON", "GitHubClient", "Rendering", "CommandLanguage"],
      swiftSettings: strict),
    // The features: each a reactor, its state, and its View.
    .target(name: "SearchFeature", dependencies: feature, swiftSettings: strict),
    .target(name: "SignupFeature", dependencies: feature, swiftSettings: strict),
    .target(name: "FeedFeature", dependencies: feature, swiftSettings: strict),
    // libedit, loaded with dlopen when the REPL first edits a line (the header comes from
    // libedit-dev).
    .target(name: "CLineEdit", linkerSettings: [.linkedLibrary("dl")]),
    .target(
      name: "Shell",
      dependencies: ["ReactorCore", "ReactorJSON", "GitHubClient", "Rendering", "CommandLanguage", "ReactorView", "CLineEdit"],
      swiftSettings: strict),
    .executableTarget(
      name: "reactor",
      dependencies: [
        "Shell", "Rendering", "ReactorCore", "GitHubClient", "GitHubClientLive", "ReactorView", "SearchFeature",
        "SignupFeature", "FeedFeature",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strict),

    // Test-only helpers: the recorded-fixture reader, a loopback HTTP server, shared fixtures.
    .target(
      name: "TestSupport", dependencies: ["ReactorCore", "GitHubClient"], path: "Tests/TestSupport",
      swiftSettings: strict),
    .testTarget(name: "ReactorJSONTests", dependencies: ["ReactorJSON", "CByteScan", "ReactorCore", "GitHubClient"]),
    .testTarget(name: "ReactorCoreTests", dependencies: ["ReactorCore", "ReactorJSON", "ReactorTesting"]),
    .testTarget(name: "ReactorTestingTests", dependencies: ["ReactorTesting", "ReactorCore"]),
    .testTarget(
      name: "GitHubClientTests", dependencies: ["GitHubClient", "ReactorJSON", "ReactorCore", "TestSupport"]),
    .testTarget(
      name: "GitHubClientLiveTests",
      dependencies: ["GitHubClient", "GitHubClientLive", "ReactorCore", "ReactorJSON", "TestSupport"]),
    .testTarget(
      name: "SearchFeatureTests",
      dependencies: ["SearchFeature", "ReactorCore", "ReactorJSON", "ReactorTesting", "GitHubClient"]),
    .testTarget(
      name: "SignupFeatureTests",
      dependencies: ["SignupFeature", "ReactorCore", "ReactorJSON", "ReactorTesting", "GitHubClient"]),
    .testTarget(
      name: "FeedFeatureTests",
      dependencies: ["FeedFeature", "ReactorCore", "ReactorJSON", "ReactorTesting", "GitHubClient"]),
    .testTarget(
      name: "RenderingTests",
      dependencies: [
        "Rendering", "ReactorCore", "ReactorJSON", "ReactorView", "SearchFeature", "SignupFeature", "FeedFeature", "GitHubClient",
        "TestSupport",
      ]),
    .testTarget(
      name: "ShellTests",
      dependencies: [
        "Shell", "reactor", "CommandLanguage", "ReactorView", "ReactorCore", "ReactorJSON", "SearchFeature", "SignupFeature", "FeedFeature", "GitHubClient",
        "Rendering", "TestSupport",
      ]),
    .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"]),
    .testTarget(name: "ReactorCommandTests", dependencies: ["reactor", "ReactorCore"]),
    .testTarget(
      name: "TranscriptTests",
      dependencies: [
        "Shell", "reactor", "CommandLanguage", "ReactorView", "GitHubClient", "GitHubClientLive", "ReactorCore", "ReactorJSON", "SearchFeature", "TestSupport",
      ]),
  ]
)
