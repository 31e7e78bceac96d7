import LiveTerminal
import Testing

// Every sequence a terminal sends for the keys the live view reads, whole, cut anywhere, and mixed
// with what it must drop.

private let escape: UInt8 = 0x1B

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Bytes and the keys they are.
private let sequences: [(bytes: [UInt8], keys: [Key])] = [
  (bytes("\u{1B}[A"), [.up]), (bytes("\u{1B}[B"), [.down]), (bytes("\u{1B}[C"), [.right]),
  (bytes("\u{1B}[D"), [.left]), (bytes("\u{1B}OA"), [.up]), (bytes("\u{1B}OB"), [.down]),
  (bytes("\u{1B}OC"), [.right]), (bytes("\u{1B}OD"), [.left]), (bytes("\u{1B}[H"), [.home]),
  (bytes("\u{1B}[F"), [.end]), (bytes("\u{1B}OH"), [.home]), (bytes("\u{1B}OF"), [.end]),
  (bytes("\u{1B}[1~"), [.home]), (bytes("\u{1B}[7~"), [.home]), (bytes("\u{1B}[4~"), [.end]),
  (bytes("\u{1B}[8~"), [.end]), (bytes("\u{1B}[3~"), [.delete]), (bytes("\u{1B}[5~"), [.pageUp]),
  (bytes("\u{1B}[6~"), [.pageDown]), (bytes("\u{1B}[Z"), [.backTab]), (bytes("\u{1B}[1;5D"), [.wordLeft]),
  (bytes("\u{1B}[1;3C"), [.wordRight]), (bytes("\u{1B}[1;5C"), [.wordRight]), (bytes("\u{1B}[1;3D"), [.wordLeft]),
  (bytes("\u{1B}[1;2C"), [.right]), (bytes("\u{1B}[1;2D"), [.left]), (bytes("\u{1B}[1;5A"), [.up]),
  (bytes("\u{1B}[1;3B"), [.down]), (bytes("\u{1B}[1;5H"), [.home]), (bytes("\u{1B}[3;5~"), [.delete]),
  (bytes("\u{1B}b"), [.wordLeft]), (bytes("\u{1B}f"), [.wordRight]),
  (bytes("\u{1B}[<64;10;5M"), [.wheelUp]), (bytes("\u{1B}[<65;1;1M"), [.wheelDown]),
  (bytes("\u{1B}[<80;3;4M"), [.wheelUp]),  // Ctrl held: the modifier bits do not hide the wheel
  ([escape, 0x5B, 0x4D, 96, 40, 40], [.wheelUp]), ([escape, 0x5B, 0x4D, 97, 33, 33], [.wheelDown]),
  (bytes("\r"), [.enter]), (bytes("\n"), [.enter]), (bytes("\t"), [.tab]), ([0x7F], [.backspace]),
  ([0x08], [.backspace]), ([0x01], [.control("a")]), ([0x03], [.control("c")]), ([0x1A], [.control("z")]),
  ([0x17], [.control("w")]), ([0x00], [.control("@")]), ([0x1F], [.control("_")]),
  (bytes("a"), [.text("a")]), (bytes(" "), [.text(" ")]), (bytes("<"), [.text("<")]), (bytes("é"), [.text("é")]),
  (bytes("中"), [.text("中")]), (bytes("😀"), [.text("😀")]),
  (bytes("sw"), [.text("s"), .text("w")]),
  (bytes("\u{1B}x"), [.escape, .text("x")]), (bytes("\u{1B}\u{1B}[A"), [.escape, .up]),
  (bytes("\u{1B}\r"), [.escape, .enter]), (bytes("\u{1B}\u{7F}"), [.escape, .backspace]),
  (bytes("\u{1B}[200~a\nb\u{1B}[201~"), [.text("a b")]),
]

/// Bytes that make no key, each followed by "z" to show decoding goes on after them.
private let dropped: [[UInt8]] = [
  bytes("\u{1B}[15~"), bytes("\u{1B}OP"), bytes("\u{1B}[?1;2c"), bytes("\u{1B}[2~"), bytes("\u{1B}[99z"),
  bytes("\u{1B}[<0;1;1M"), bytes("\u{1B}[<64;1;1m"), bytes("\u{1B}[<66;1;1M"), [escape, 0x5B, 0x4D, 32, 33, 33],
  bytes("\u{1B}[>1;2;3c"), bytes("\u{1B}[1 q"), bytes("\u{1B}[201~"), bytes("\u{1B}[0n"), [0xFF], [0xC0, 0x80],
  [0xED, 0xA0, 0x80], [0xC2, 0x9B], [0x80],
]

@Suite struct KeyDecoderTests {
  @Test func everySequenceDecodesWhole() {
    for (input, keys) in sequences {
      var decoder = KeyDecoder()
      #expect(decoder.decode(input) == keys, "\(input)")
      #expect(!decoder.isPending, "\(input)")
    }
  }

  @Test func everySequenceDecodesByteByByte() {
    for (input, keys) in sequences {
      var decoder = KeyDecoder()
      var decoded: [Key] = []
      for byte in input { decoded += decoder.decode([byte]) }
      #expect(decoded == keys, "\(input)")
      #expect(!decoder.isPending, "\(input)")
    }
  }

  @Test func aStreamCutAnywhereDecodesTheSame() {
    // Single-scalar characters only: a read that ends inside a grapheme cluster makes two keys.
    let plain = sequences.filter {
      $0.keys.allSatisfy { if case .text(let text) = $0 { text.unicodeScalars.count == 1 } else { true } }
    }
    var generator = SeededGenerator(seed: 7)
    for _ in 0..<200 {
      let picked = (0..<20).map { _ in plain.randomElement(using: &generator)! }
      let stream = picked.flatMap(\.bytes)
      var decoder = KeyDecoder()
      var decoded: [Key] = []
      var start = 0
      while start < stream.count {
        let end = min(stream.count, start + Int.random(in: 1...7, using: &generator))
        decoded += decoder.decode(stream[start..<end])
        start = end
      }
      #expect(decoded == picked.flatMap(\.keys))
      #expect(!decoder.isPending)
    }
  }

  @Test func unknownAndInvalidBytesAreDroppedWhole() {
    for input in dropped {
      var decoder = KeyDecoder()
      #expect(decoder.decode(input + bytes("z")) == [.text("z")], "\(input)")
      var split = KeyDecoder()
      var decoded: [Key] = []
      for byte in input + bytes("z") { decoded += split.decode([byte]) }
      #expect(decoded == [.text("z")], "\(input) byte by byte")
    }
  }

  @Test func aMalformedSequenceDropsOnlyWhatCameBeforeTheStrayByte() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(bytes("\u{1B}[1;\u{01}x")) == [.control("a"), .text("x")])
    #expect(decoder.decode(bytes("\u{1B}O\u{1B}[A")) == [.up])
  }

  @Test func aRunawaySequenceIsDroppedInsteadOfHeldForever() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(bytes("\u{1B}[" + String(repeating: "1", count: 40))) == [])
    #expect(!decoder.isPending)
    #expect(decoder.decode(bytes("x")) == [.text("x")])
  }

  @Test func aLoneEscapeWaitsForFlush() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([escape]) == [])
    #expect(decoder.isPending)
    #expect(decoder.flush() == [.escape])
    #expect(!decoder.isPending)
    #expect(decoder.flush() == [])
    #expect(decoder.decode(bytes("q")) == [.text("q")])
  }

  @Test func flushDropsAnIncompleteSequence() {
    for input in [bytes("\u{1B}["), bytes("\u{1B}[1;"), bytes("\u{1B}O"), bytes("\u{1B}[<64;1"), [0xE4, 0xB8]] {
      var decoder = KeyDecoder()
      #expect(decoder.decode(input) == [], "\(input)")
      #expect(decoder.isPending, "\(input)")
      #expect(decoder.flush() == [], "\(input)")
      #expect(!decoder.isPending, "\(input)")
      #expect(decoder.decode(bytes("x")) == [.text("x")], "\(input)")
    }
  }

  @Test func aCharacterCutBetweenReadsWaitsForItsRest() {
    var decoder = KeyDecoder()
    let character = bytes("😀")
    for byte in character.dropLast() {
      #expect(decoder.decode([byte]) == [])
      #expect(decoder.isPending)
    }
    #expect(decoder.decode([character.last!]) == [.text("😀")])
    #expect(decoder.decode(bytes("e\u{301}中")) == [.text("e\u{301}"), .text("中")])
  }

  @Test func aPasteIsOneTextWithItsControlsAsSpaces() {
    var decoder = KeyDecoder()
    let paste = bytes("x\u{1B}[200~line one\r\nline\ttwo \u{1B}[A<b>\u{1B}[201~y")
    #expect(decoder.decode(paste) == [.text("x"), .text("line one  line two  [A<b>"), .text("y")])
    var split = KeyDecoder()
    var decoded: [Key] = []
    for byte in paste { decoded += split.decode([byte]) }
    #expect(decoded == [.text("x"), .text("line one  line two  [A<b>"), .text("y")])
    #expect(decoder.decode(bytes("\u{1B}[200~\u{1B}[201~")) == [])
  }

  @Test func aPasteThatPausesHandsOverWhatCameAndGoesOn() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(bytes("\u{1B}[200~ab\n") + [0xE4]) == [])
    #expect(decoder.isPending)
    #expect(decoder.isPasting)
    #expect(decoder.flush() == [.text("ab ")])
    // The character's rest comes with half the end marker, which waits for its own rest.
    #expect(decoder.decode([0xB8, 0xAD] + bytes("\u{1B}[20")) == [])
    #expect(decoder.flush() == [.text("中")])
    #expect(!decoder.isPending)
    #expect(decoder.decode(bytes("1~\r")) == [.enter])
    #expect(!decoder.isPasting)
  }

  @Test func tokensNameEveryKey() {
    let named: [(Key, String)] = [
      (.enter, "<enter>"), (.tab, "<tab>"), (.backTab, "<backtab>"), (.backspace, "<bs>"), (.delete, "<del>"),
      (.escape, "<esc>"), (.up, "<up>"), (.down, "<down>"), (.left, "<left>"), (.right, "<right>"),
      (.home, "<home>"), (.end, "<end>"), (.pageUp, "<pgup>"), (.pageDown, "<pgdn>"), (.wordLeft, "<word-left>"),
      (.wordRight, "<word-right>"), (.wheelUp, "<wheel-up>"), (.wheelDown, "<wheel-down>"),
      (.secret, "<secret>"), (.control("c"), "<ctrl-c>"), (.control("_"), "<ctrl-_>"), (.text(" "), "<space>"),
      (.text("<"), "<lt>"),
      (.text("a"), "a"), (.text(">"), ">"), (.text("中"), "中"), (.text("a b<c"), "a<space>b<lt>c"),
    ]
    for (key, token) in named {
      #expect(key.token == token)
    }
  }

  @Test func tokensParse() {
    #expect(
      Key.parse(tokens: "sw<space>ift<enter>") == [
        .text("s"), .text("w"), .text(" "), .text("i"), .text("f"), .text("t"), .enter,
      ])
    #expect(Key.parse(tokens: "<ctrl-c><lt>a>b") == [.control("c"), .text("<"), .text("a"), .text(">"), .text("b")])
    #expect(Key.parse(tokens: "") == [])
    #expect(Key.parse(tokens: "<secret><secret><tab>") == [.secret, .secret, .tab])
    for bad in ["<bogus>", "<enter", "a<", "<>", "<ctrl-1>", "<ctrl-ab>", "<ctrl-A>", "<Enter>"] {
      #expect(Key.parse(tokens: bad) == nil, "\(bad)")
    }
  }

  @Test func decodedKeysRoundTripThroughTokens() {
    let keys = sequences.flatMap(\.keys).filter { if case .text(let text) = $0 { text.count == 1 } else { true } }
    #expect(Key.parse(tokens: keys.map(\.token).joined()) == keys)
    var generator = SeededGenerator(seed: 3)
    let alphabet: [Key] =
      keys + [.control("h"), .control("@"), .control("\\"), .control("]"), .control("^")]
      + ["a", " ", "<", ">", "中", "👍🏽", "é", "-"].map { .text($0) }
    for _ in 0..<100 {
      let keys = (0..<Int.random(in: 0...30, using: &generator)).map { _ in
        alphabet.randomElement(using: &generator)!
      }
      #expect(Key.parse(tokens: keys.map(\.token).joined()) == keys)
    }
  }
}
