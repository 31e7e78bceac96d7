// swift-tools-version: 6.0
// The seeds as library code: ReactorKit's GitHub search, RxFeedback's search, the signup form
// and the news feed, each a reactor with its TestStore tests, built against the library as an
// app would: a package of its own that depends on this repository by path and uses only the
// library products (ReactorCore, ReactorObservation, and ReactorTesting in tests).
// swift-async-algorithms is a dependency here, never of the library: the search binds its
// query field through it.
import PackageDescription

let reactor: [Target.Dependency] = [.product(name: "ReactorCore", package: "reactor")]
let tests: [Target.Dependency] = [
  .product(name: "ReactorCore", package: "reactor"), .product(name: "ReactorTesting", package: "reactor"),
]

let package = Package(
  name: "reactor-examples",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "reactor", path: ".."),
    .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.0.0"),
  ],
  targets: [
    .target(
      name: "GitHubSearch",
      dependencies: reactor + [
        .product(name: "ReactorObservation", package: "reactor"),
        .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
      ]),
    .target(name: "FeedbackSearch", dependencies: reactor),
    .target(name: "Signup", dependencies: reactor),
    .target(name: "NewsFeed", dependencies: reactor),
    .testTarget(
      name: "GitHubSearchTests",
      dependencies: tests + [
        "GitHubSearch", .product(name: "ReactorObservation", package: "reactor"),
        .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
      ]),
    .testTarget(name: "FeedbackSearchTests", dependencies: tests + ["FeedbackSearch"]),
    .testTarget(name: "SignupTests", dependencies: tests + ["Signup"]),
    .testTarget(name: "NewsFeedTests", dependencies: tests + ["NewsFeed"]),
  ]
)
