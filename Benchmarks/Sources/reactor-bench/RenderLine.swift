import GitHubClient
import ReactorCore
import ReactorJSON
import Rendering
import SearchFeature

/// Scenario `render` (informational): microseconds for the NDJSON `change` line of one append
/// of 30 repositories, the way reactor makes it (the differ's `Patch`, its appended repositories one run of
/// pre-encoded values, then `Records.change`), against a prototype that writes the same bytes straight from
/// the models into one buffer (no trees). Both lines must be identical. Each is measured as
/// the UTF-8 a sink writes, not as a `String`.
enum RenderLineBench {
  static func current(_ page: [Repository], seq: UInt64, records: Records) -> OutputLine {
    var patch = Patch()
    patch.append(addsAt: Paths.reposEnd, elements: page)
    patch.append(replacing: Paths.nextPage, with: .int(Int(seq) + 1), was: .int(Int(seq)))
    patch.append(replacing: Paths.isLoadingNextPage, with: .bool(false), was: .bool(true))
    return records.change(feature: "search", seq: seq, action: "next", mutation: "appendRepos", patch: patch)
  }

  /// The search state's pointers, made once as its differ makes them.
  private enum Paths {
    static let reposEnd = PatchPath("/repos/-")
    static let nextPage = PatchPath("/nextPage")
    static let isLoadingNextPage = PatchPath("/isLoadingNextPage")
  }

  static func direct(_ page: [Repository], seq: UInt64) -> [UInt8] {
    var out = ByteWriter()
    out.raw(#"{"action":"next","feature":"search","mutation":"appendRepos","patch":["#)
    for repository in page {
      out.raw(#"{"op":"add","path":"/repos/-","value":{"description":"#)
      if let description = repository.description { out.string(description) } else { out.raw("null") }
      out.raw(#","fullName":"#)
      out.string(repository.fullName)
      out.raw(#","id":"#)
      out.integer(repository.id)
      out.raw(#","language":"#)
      if let language = repository.language { out.string(language) } else { out.raw("null") }
      out.raw(#","stars":"#)
      out.integer(repository.stars)
      out.raw(#","url":"#)
      out.string(repository.url)
      out.raw("}},")
    }
    out.raw(#"{"op":"replace","path":"/nextPage","value":"#)
    out.integer(Int(seq) + 1)
    out.raw(#"},{"op":"replace","path":"/isLoadingNextPage","value":false}],"seq":"#)
    out.integer(Int(seq))
    out.raw(#","type":"change"}"#)
    return out.bytes
  }

  /// The JSON of each repository, encoded once (as a decoder could when the page arrives).
  static func fragments(_ page: [Repository]) -> [[UInt8]] {
    page.map { Array($0.jsonValue.jsonText.utf8) }
  }

  /// The same line from repositories whose JSON was encoded once beforehand: the floor of a
  /// renderer that copies cached fragments.
  static func cached(_ fragments: [[UInt8]], seq: UInt64) -> [UInt8] {
    var out = ByteWriter()
    out.raw(#"{"action":"next","feature":"search","mutation":"appendRepos","patch":["#)
    for fragment in fragments {
      out.raw(#"{"op":"add","path":"/repos/-","value":"#)
      out.bytes.append(contentsOf: fragment)
      out.raw("},")
    }
    out.raw(#"{"op":"replace","path":"/nextPage","value":"#)
    out.integer(Int(seq) + 1)
    out.raw(#"},{"op":"replace","path":"/isLoadingNextPage","value":false}],"seq":"#)
    out.integer(Int(seq))
    out.raw(#","type":"change"}"#)
    return out.bytes
  }

  /// A line's bytes copied into a new buffer, as `cached` writes one.
  static func copied(_ line: [UInt8]) -> [UInt8] {
    var out = ByteWriter()
    out.bytes.append(contentsOf: line)
    return out.bytes
  }

  /// UTF-8 into one array; strings escaped as `JSONValue` escapes them.
  struct ByteWriter {
    var bytes: [UInt8] = []
    init() { bytes.reserveCapacity(8192) }

    mutating func raw(_ text: StaticString) {
      bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func integer(_ value: Int) { bytes.append(contentsOf: String(value).utf8) }

    mutating func string(_ value: String) {
      // Plain strings (the common case) are copied; others go through JSONValue's escaping.
      var value = value
      let plain = value.withUTF8 { utf8 in
        !utf8.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 }
      }
      if plain {
        bytes.append(UInt8(ascii: "\""))
        value.withUTF8 { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
      } else {
        bytes.append(contentsOf: JSONValue.string(value).jsonText.utf8)
      }
    }
  }

  static func run(_ context: Context) throws -> [Row] {
    let page = Fixtures.repositories(start: 1_000, count: 30)
    let records = Records(options: RenderOptions(mode: .json))
    let encoded = fragments(page)
    guard current(page, seq: 7, records: records).withUTF8({ Array($0) }) == direct(page, seq: 7),
      direct(page, seq: 7) == cached(encoded, seq: 7)
    else {
      throw BenchError("the prototype writers' lines differ from Records.change's")
    }
    let count = context.count(full: 10_000, quick: 2_000)
    progress("render: \(count) NDJSON lines of 30 appended repos, best of \(context.runs)")
    let ours = best(of: context.runs) {
      seconds { for index in 0..<count { blackhole(current(page, seq: UInt64(index), records: records)) } }
        / Double(count) * 1e6
    }
    let prototype = best(of: context.runs) {
      seconds { for index in 0..<count { blackhole(direct(page, seq: UInt64(index))) } } / Double(count) * 1e6
    }
    let floor = best(of: context.runs) {
      seconds { for index in 0..<count { blackhole(cached(encoded, seq: UInt64(index))) } } / Double(count) * 1e6
    }
    return [
      Row(
        id: "render.line", scenario: "render: NDJSON line for an append of 30 repos", ours: ours, baseline: prototype,
        baselineName: "direct byte writer (prototype)", unit: "us/line", target: nil),
      Row(
        id: "render.line.cached", scenario: "render: same line from cached repo JSON (prototype)", ours: floor,
        baseline: prototype, baselineName: "direct byte writer (prototype)", unit: "us/line", target: nil),
    ]
  }
}
