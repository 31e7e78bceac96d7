// swift-tools-version: 6.0
// Benchmarks for reactor, in their own package so users' builds never pull in benchmark code.
// Run with scripts/bench (release mode).
import PackageDescription

let package = Package(
  name: "reactor-benchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "reactor", path: "..")],
  targets: [
    .executableTarget(
      name: "reactor-bench",
      dependencies: [
        .product(name: "ReactorCore", package: "reactor"),
        .product(name: "ReactorJSON", package: "reactor"),
        .product(name: "SearchFeature", package: "reactor"),
        .product(name: "Rendering", package: "reactor"),
        .product(name: "GitHubClient", package: "reactor"),
        .product(name: "GitHubClientLive", package: "reactor"),
        .product(name: "Shell", package: "reactor"),
      ],
      swiftSettings: [.unsafeFlags(["-Ounchecked"])])
  ]
)
