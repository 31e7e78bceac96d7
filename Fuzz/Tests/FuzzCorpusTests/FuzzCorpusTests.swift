import Foundation
import FuzzTargets
import Testing

// Every seed input of every fuzz target, through the target's body: a crash or a broken
// property fails the suite (which CI runs under AddressSanitizer) without a fuzzing build.
// scripts/fuzz does the fuzzing itself; an input it finds that fails belongs in the corpus.

/// `Fuzz/Corpus`, found from this file (`Fuzz/Tests/FuzzCorpusTests/`).
private let corpus = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Corpus")

/// The recorded property failures of one run.
private final class Failures: @unchecked Sendable {  // `messages` is only touched under `lock`
  private let lock = NSLock()
  private var messages: [String] = []
  func append(_ message: String) { lock.withLock { messages.append(message) } }
  var all: [String] { lock.withLock { messages } }
}

@Suite("fuzz targets: the seed corpus")
struct FuzzCorpusTests {
  @Test("every seed input runs through its target with every property holding", arguments: FuzzTarget.allCases)
  func corpusHolds(target: FuzzTarget) throws {
    let folder = corpus.appendingPathComponent("fuzz-" + target.rawValue)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
    // An empty or missing corpus would pass while testing nothing.
    try #require(!names.isEmpty, "no seed inputs in \(folder.path)")
    let failures = Failures()
    for name in names {
      let input = try Data(contentsOf: folder.appendingPathComponent(name))
      let report: @Sendable (String) -> Void = { failures.append("\(name): \($0)") }
      PropertyFailure.$handler.withValue(report) {
        input.withUnsafeBytes { raw in
          let bytes = raw.bindMemory(to: UInt8.self)
          _ = target(bytes.baseAddress, bytes.count)
        }
      }
    }
    let broken = failures.all
    #expect(broken.isEmpty, "\(broken.count) inputs broke a property:\n\(broken.joined(separator: "\n"))")
  }

  @Test("a broken property is reported, not passed over")
  func brokenPropertyIsReported() {
    let failures = Failures()
    let report: @Sendable (String) -> Void = { failures.append($0) }
    PropertyFailure.$handler.withValue(report) {
      require(1 + 1 == 3, "arithmetic")
      require(true, "never reported")
    }
    #expect(failures.all.count == 1)
    #expect(failures.all.first?.hasSuffix("property failed: arithmetic") == true, "\(failures.all)")
  }
}
