import Foundation
import GitHubClientLive

// Cassette decoding, as `reactor replay` and `--cassette` read a file, then each exchange's
// response and failure. Properties: a decoded cassette encodes (as Cassette.write does) and
// decodes back to the same value, and a text body comes back byte for byte.

package func fuzzCassette(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = Data(bytes(data, size))
  guard let cassette = try? JSONDecoder().decode(Cassette.self, from: input) else { return 0 }
  for exchange in cassette.exchanges {
    let response = exchange.response
    _ = response.header("Link")
    if let body = exchange.body {
      require(response.body == Data(body.utf8), "a text body did not come back as its UTF-8")
    }
    _ = exchange.failure
    if exchange.wasCancelled { require(exchange.failure == nil, "a cancelled exchange is also a failure") }
  }
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
  guard let encoded = try? encoder.encode(cassette) else {
    require(false, "a decoded cassette does not encode")
    return 0
  }
  let again = try? JSONDecoder().decode(Cassette.self, from: encoded)
  require(again == cassette, "a cassette does not survive encode/decode:\n\(String(decoding: encoded, as: UTF8.self))")
  return 0
}
