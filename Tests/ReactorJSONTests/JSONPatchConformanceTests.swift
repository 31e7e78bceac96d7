import Foundation
import ReactorJSON
import Testing

/// The public RFC 6902 conformance suite, github.com/json-patch/json-patch-tests (its
/// `tests.json` and `spec_tests.json`), read at test time from `../shared/fixtures/json-patch-tests`
/// beside the package root: third-party data that stays outside the repository (its SOURCE.md).
enum JSONPatchSuite {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Tests/ReactorJSONTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // the package root
    .deletingLastPathComponent()  // the folder holding the package and `shared`
    .appendingPathComponent("shared/fixtures/json-patch-tests", isDirectory: true)

  static let files = ["tests.json", "spec_tests.json"]

  static var isPresent: Bool {
    files.allSatisfy { FileManager.default.fileExists(atPath: directory.appendingPathComponent($0).path) }
  }

  /// One record of a file: a document, a patch, and the expected document or an error.
  struct Case: Sendable, CustomTestStringConvertible {
    var file: String
    var number: Int
    var comment: String?
    var doc: JSONValue
    var patch: JSONValue
    var expected: JSONValue?
    var error: String?
    /// Why the file could not be read into cases, for the one case that reports it.
    var unreadable: String?

    var testDescription: String { "\(file) #\(number)" + (comment.map { ": \($0)" } ?? "") }
  }

  /// Every case not marked `disabled`, in file order; a file that cannot be read is one case
  /// that fails, so that it cannot pass as an empty list.
  static let cases: [Case] = isPresent ? files.flatMap(cases(of:)) : []

  private static func cases(of file: String) -> [Case] {
    let records: [JSONValue]
    do {
      let data = try Data(contentsOf: directory.appendingPathComponent(file))
      guard case .array(let array) = try JSONValue(parsing: data) else {
        return [Case(file: file, number: 0, doc: .null, patch: .null, unreadable: "not an array of cases")]
      }
      records = array
    } catch {
      return [Case(file: file, number: 0, doc: .null, patch: .null, unreadable: "\(error)")]
    }
    return records.enumerated().compactMap { index, record in
      if record["disabled"] == .bool(true) { return nil }
      var comment: String?
      if case .string(let text)? = record["comment"] { comment = text }
      var error: String?
      if case .string(let text)? = record["error"] { error = text }
      return Case(
        file: file, number: index + 1, comment: comment, doc: record["doc"] ?? .null, patch: record["patch"] ?? .null,
        expected: record["expected"], error: error)
    }
  }
}

@Suite struct JSONPatchConformanceTests {
  // Skipped, and reported as skipped, when ../shared/fixtures/json-patch-tests is absent.
  @Test(
    "RFC 6902 conformance (json-patch-tests): every enabled case of tests.json and spec_tests.json",
    .enabled(
      if: JSONPatchSuite.isPresent,
      "the RFC 6902 suite is not at ../shared/fixtures/json-patch-tests beside the package root"),
    arguments: JSONPatchSuite.cases)
  func conformance(_ suiteCase: JSONPatchSuite.Case) {
    if let unreadable = suiteCase.unreadable {
      Issue.record("cannot read \(suiteCase.file): \(unreadable)")
      return
    }
    let result = Result { try JSONPatch.apply(JSONPatch.operations(of: suiteCase.patch), to: suiteCase.doc) }
    switch (result, suiteCase.error, suiteCase.expected) {
    case (.success(let document), nil, let expected?):
      #expect(document == expected, "got \(document.jsonText), expected \(expected.jsonText)")
    case (.success(let document), let error?, _):
      Issue.record("applied, giving \(document.jsonText); the suite expects an error: \(error)")
    case (.failure(let failure), nil, _):
      Issue.record("failed: \(failure)")
    case (.failure, _?, _), (.success, nil, nil):
      break
    }
  }

  @Test(
    "the suite's files hold the cases the count above is made of",
    .enabled(
      if: JSONPatchSuite.isPresent,
      "the RFC 6902 suite is not at ../shared/fixtures/json-patch-tests beside the package root"))
  func suiteIsRead() {
    #expect(JSONPatchSuite.cases.count > 100 && JSONPatchSuite.cases.allSatisfy { $0.unreadable == nil })
  }
}
