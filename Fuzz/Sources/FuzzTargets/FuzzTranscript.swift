import FeatureKit
import FeatureList
import Shell

// TranscriptParser.parse on arbitrary text, and the round trip the replayer relies on when it
// rewrites a transcript: parse -> text() -> parse gives the same Transcript, and text() is
// then a fixed point.

/// The features' directives, as the replayer knows them.
private let features = Features.all.settings

package func fuzzTranscript(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let text = String(decoding: bytes(data, size), as: UTF8.self)
  let transcript: Transcript
  do {
    transcript = try TranscriptParser.parse(text, features: features)
  } catch {
    _ = error.description
    return 0
  }
  _ = transcript.commands
  let written = transcript.text()
  let reparsed: Transcript
  do {
    reparsed = try TranscriptParser.parse(written, features: features)
  } catch {
    require(false, "text() of a parsed transcript does not parse (\(error)):\n\(written.debugDescription)")
    return 0
  }
  require(
    reparsed == transcript,
    "parse(text()) differs:\n  first:  \(transcript)\n  second: \(reparsed)\n  text: \(written.debugDescription)")
  require(reparsed.text() == written, "text() is not a fixed point: \(written.debugDescription)")
  // Rewriting with outputs, as the replayer does.
  let outputs = transcript.commands.map { $0.expected.reversed().map { Substring(Transcript.escape(String($0))) } }
  _ = transcript.text(outputs: outputs)
  return 0
}
