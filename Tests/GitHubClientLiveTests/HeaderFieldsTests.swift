import Foundation
import Testing

@testable import GitHubClientLive

/// The header block libcurl hands over, read into fields.
@Suite struct HeaderFieldsTests {
  private func fields(_ bytes: [UInt8]) -> [HTTPHeader] {
    bytes.withUnsafeBytes { CurlTransport.headerFields($0) }
  }

  private func fields(_ text: String) -> [HTTPHeader] { fields(Array(text.utf8)) }

  @Test func readsNamesAndValuesOfTheLastBlock() {
    let block =
      "HTTP/1.1 100 Continue\r\nX-Interim: gone\r\n\r\n"
      + "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nLink: <https://h/x?page=2>; rel=\"next\"\r\n"
      + "X-Empty:\r\nX-Spaces: \t  padded value \t\r\nX-Colon: a:b: c\r\nno colon here\r\n\r\n"
    #expect(
      fields(block) == [
        HTTPHeader("Content-Type", "application/json"), HTTPHeader("Link", "<https://h/x?page=2>; rel=\"next\""),
        HTTPHeader("X-Empty", ""), HTTPHeader("X-Spaces", "padded value"), HTTPHeader("X-Colon", "a:b: c"),
      ])
  }

  @Test func edgesOfTheBlock() {
    #expect(fields("").isEmpty)
    #expect(fields("\r\n\r\n").isEmpty)
    // A last line without its CR LF, a bare CR or LF inside a value, a lone CR at the end.
    #expect(fields("A: 1\r\nB: x\ry\nz") == [HTTPHeader("A", "1"), HTTPHeader("B", "x\ry\nz")])
    #expect(fields("A: 1\r") == [HTTPHeader("A", "1\r")])
    // Only spaces and tabs are trimmed: a no-break space is part of the value.
    #expect(fields("A: \u{A0}v\u{A0} \r\n") == [HTTPHeader("A", "\u{A0}v\u{A0}")])
  }

  @Test func bytesThatAreNotUTF8BecomeReplacementCharacters() {
    #expect(fields([0x41, 0x3A, 0x20, 0x63, 0x61, 0x66, 0xE9, 0x0D, 0x0A]) == [HTTPHeader("A", "caf\u{FFFD}")])
  }
}
