// swift-tools-version: 6.0
// libFuzzer targets for reactor's parsers and decoders, in their own package so users' builds
// never see sanitizer flags. Each target is an executable without `main`: libFuzzer provides
// it and calls `LLVMFuzzerTestOneInput`. Build and run them with scripts/fuzz; seed corpora
// live in Corpus/<target>/.
import PackageDescription

let fuzzTargets: [(name: String, products: [String])] = [
  ("fuzz-command", ["Shell"]),
  ("fuzz-transcript", ["Shell"]),
  ("fuzz-cassette", ["GitHubClientLive"]),
  (
    "fuzz-github-json",
    ["GitHubClientLive", "GitHubClient", "SearchFeature", "Rendering", "ReactorCore", "ReactorJSON"]
  ),
  ("fuzz-link", ["GitHubClientLive"]),
  ("fuzz-daemon", ["Shell", "ReactorJSON"]),
  ("fuzz-jsonpatch", ["ReactorJSON"]),
]

let package = Package(
  name: "reactor-fuzz",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "reactor", path: "..")],
  targets: [
    // Shared helpers: a byte reader that turns input into choices, and a failing check
    // that traps with a message (libFuzzer reports it as a crash).
    .target(name: "FuzzSupport", path: "Sources/FuzzSupport")
  ]
    + fuzzTargets.map { target in
      .executableTarget(
        name: target.name,
        dependencies: ["FuzzSupport"] + target.products.map { .product(name: $0, package: "reactor") },
        path: "Sources/\(target.name)")
    }
)
