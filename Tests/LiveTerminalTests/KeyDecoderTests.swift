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
  (bytes("\u{1B}[1;5A"), [.up]),
  (bytes("\u{1B}[1;3B"), [.down]), (bytes("\u{1B}[1;5H"), [.home]), (bytes("\u{1B}[3;5~"), [.delete]),
  (bytes("\u{1B}b"), [.wordLeft]), (bytes("\u{1B}f"), [.wordRight]),
  (bytes("\u{1B}[<64;10;5M"), [.wheelUp]), (bytes("\u{1B}[<65;1;1M"), [.wheelDown]),
  (bytes("\u{1B}[<80;3;4M"), [.wheelUp]),  // Ctrl held: the modifier bits do not hide the wheel
  ([escape, 0x5B, 0x4D, 96, 40, 40], [.wheelUp]), ([escape, 0x5B, 0x4D, 97, 33, 33], [.wheelDown]),
  // A left press, in SGR (1-based x;y) and legacy form, with Shift held, at the far corner.
  (bytes("\u{1B}[<0;12;5M"), [.click(row: 4, column: 11)]), (bytes("\u{1B}[<0;1;1M"), [.click(row: 0, column: 0)]),
  (bytes("\u{1B}[<4;2;3M"), [.click(row: 2, column: 1)]),
  (bytes("\u{1B}[<0;300;120M"), [.click(row: 119, column: 299)]),
  ([escape, 0x5B, 0x4D, 32, 33, 33], [.click(row: 0, column: 0)]),
  ([escape, 0x5B, 0x4D, 32, 50, 40], [.click(row: 7, column: 17)]),
  // fzf's Shift-Left and Shift-Right move by words; Shift-Up and Shift-Down scroll a preview.
  (bytes("\u{1B}[1;2D"), [.wordLeft]), (bytes("\u{1B}[1;2C"), [.wordRight]), (bytes("\u{1B}[1;2A"), [.shiftUp]),
  (bytes("\u{1B}[1;2B"), [.shiftDown]), (bytes("\u{1B}[a"), [.shiftUp]),
  (bytes("\u{1B}[b"), [.shiftDown]),
  (bytes("\r"), [.enter]), (bytes("\n"), [.control("j")]), (bytes("\t"), [.tab]), ([0x7F], [.backspace]),
  ([0x08], [.backspace]), ([0x01], [.control("a")]), ([0x03], [.control("c")]), ([0x1A], [.control("z")]),
  ([0x17], [.control("w")]), ([0x00], [.control("@")]), ([0x1F], [.control("_")]),
  (bytes("a"), [.text("a")]), (bytes(" "), [.text(" ")]), (bytes("<"), [.text("<")]), (bytes("é"), [.text("é")]),
  (bytes("中"), [.text("中")]), (bytes("😀"), [.text("😀")]),
  (bytes("sw"), [.text("s"), .text("w")]),
  // ESC and a key within the escape delay: the key with Alt, never Esc.
  (bytes("\u{1B}x"), [.alt("x")]), (bytes("\u{1B}d"), [.alt("d")]), (bytes("\u{1B}."), [.alt(".")]),
  (bytes("\u{1B} "), [.alt(" ")]), (bytes("\u{1B}<"), [.alt("<")]), (bytes("\u{1B}>"), [.alt(">")]),
  (bytes("\u{1B}é"), [.alt("é")]), (bytes("\u{1B}中"), [.alt("中")]), (bytes("\u{1B}\u{7F}"), [.altBackspace]),
  ([escape, 0x08], [.altBackspace]), (bytes("\u{1B}\u{1B}[D"), [.wordLeft]), (bytes("\u{1B}\u{1B}[C"), [.wordRight]),
  (bytes("\u{1B}\u{1B}OD"), [.wordLeft]),
  (bytes("\u{1B}[200~a\nb\u{1B}[201~"), [.text("a b")]),
]

/// Bytes that make no key, each followed by "z" to show decoding goes on after them.
private let dropped: [[UInt8]] = [
  bytes("\u{1B}[15~"), bytes("\u{1B}OP"), bytes("\u{1B}[?1;2c"), bytes("\u{1B}[2~"), bytes("\u{1B}[99z"),
  bytes("\u{1B}[<0;1;1m"), bytes("\u{1B}[<64;1;1m"), bytes("\u{1B}[<66;1;1M"), bytes("\u{1B}[<2;1;1M"),
  bytes("\u{1B}[<32;4;4M"), bytes("\u{1B}[<1;1;1M"), bytes("\u{1B}[<0;1M"), bytes("\u{1B}[<0;0;0M"),
  [escape, 0x5B, 0x4D, 35, 33, 33],
  // Alt with a key that has no binding, and Alt with Esc: ignored, never the Esc that leaves.
  bytes("\u{1B}\r"), bytes("\u{1B}\t"), bytes("\u{1B}\u{01}"), bytes("\u{1B}\u{1B}"), bytes("\u{1B}\u{1B}[A"),
  bytes("\u{1B}\u{1B}[3~"), [escape, 0xFF], [escape, 0x80],
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

  @Test("ESC ESC waits like a lone ESC, and the delay drops it: Alt with Esc does not leave")
  func altEscapeIsDroppedByTheDelay() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([escape, escape]) == [])
    #expect(decoder.isPending)
    #expect(decoder.flush() == [])
    #expect(decoder.decode(bytes("q")) == [.text("q")])
  }

  @Test("ESC, then the rest of a sequence in a later read, is the sequence; ESC, then the delay, is Esc")
  func anEscapeJoinsWhatComesBeforeTheDelay() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([escape]) == [])
    #expect(decoder.decode(bytes("[")) == [])
    #expect(decoder.decode(bytes("B")) == [.down])
    #expect(decoder.decode([escape]) == [])
    #expect(decoder.decode(bytes("\u{7F}")) == [.altBackspace])
    #expect(decoder.decode([escape]) == [])
    #expect(decoder.flush() == [.escape])
    #expect(decoder.decode(bytes("d")) == [.text("d")])
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
      (.shiftUp, "<shift-up>"), (.shiftDown, "<shift-down>"), (.click(row: 4, column: 11), "<click-4-11>"),
      (.altBackspace, "<alt-bs>"), (.alt("d"), "<alt-d>"), (.alt(" "), "<alt-space>"), (.alt("<"), "<alt-lt>"),
      (.alt(">"), "<alt-gt>"), (.alt("é"), "<alt-é>"), (.control("j"), "<ctrl-j>"),
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
    #expect(Key.parse(tokens: "<alt-d><alt-bs><click-0-12>") == [.alt("d"), .altBackspace, .click(row: 0, column: 12)])
    for bad in [
      "<bogus>", "<enter", "a<", "<>", "<ctrl-1>", "<ctrl-ab>", "<ctrl-A>", "<Enter>", "<alt->", "<alt-ab>", "<alt- >",
      "<click-1>", "<click-a-1>", "<click--1-2>", "<click-1-2-3>", "<click-+1-2>", "<click-12345-1>",
    ] {
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
