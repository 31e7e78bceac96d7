import Rendering

/// Rows `live.width*` (in scenario `live`): what `TerminalText.width` costs per grapheme, on the
/// text of a list's rows as a live view lays them out, against Swift finding the same graphemes
/// (`String.count`), which every width of a grapheme has to do at least.
enum WidthBench {
  /// The names and descriptions of 1,000 results (ASCII, as most of GitHub's are).
  static func asciiTexts() -> [String] {
    Fixtures.repositories(start: 0, count: 1_000).flatMap { [$0.fullName, $0.description ?? ""] }
  }

  /// The same texts with a CJK word, an emoji, a flag, a family, ❤️ and a mark in each.
  static func unicodeTexts() -> [String] {
    let extras = ["漢字", "🚀", "🇯🇵", "👨\u{200D}👩\u{200D}👧", "❤\u{FE0F}", "cafe\u{301}", "한국어", "✨"]
    return asciiTexts().enumerated().map { index, text in
      text + " " + extras[index % extras.count] + " " + extras[(index + 3) % extras.count]
    }
  }

  /// Nanoseconds per grapheme of `measure` over `texts`, `rounds` times.
  static func perGrapheme(_ texts: [String], rounds: Int, _ measure: (String) -> Int) -> Double {
    let graphemes = texts.reduce(0) { $0 + $1.count } * rounds
    var total = 0
    let elapsed = seconds {
      for _ in 0..<rounds {
        for text in texts { total &+= measure(opaque(text)) }
      }
    }
    precondition(total > 0)
    return elapsed / Double(graphemes) * 1e9
  }

  static func rows(_ context: Context) -> [Row] {
    let rounds = context.count(full: 100, quick: 20)
    progress("live.width: 2,000 texts, \(rounds) rounds, best of \(context.runs)")
    var rows: [Row] = []
    for (id, name, texts) in [
      ("live.width", "ASCII", asciiTexts()), ("live.width.unicode", "CJK, emoji, flags, ZWJ, marks", unicodeTexts()),
    ] {
      // Alternated, so that a burst of load on the machine falls on both sides.
      var (ours, baseline) = (Double.infinity, Double.infinity)
      for _ in 0..<context.runs {
        ours = min(ours, perGrapheme(texts, rounds: rounds) { TerminalText.width($0) })
        baseline = min(baseline, perGrapheme(texts, rounds: rounds) { $0.count })
      }
      rows.append(
        Row(
          id: id, scenario: "live: TerminalText.width per grapheme, 1,000 names and descriptions (\(name))",
          ours: ours, baseline: baseline, baselineName: "String.count of the same texts", unit: "ns/grapheme",
          target: nil))
    }
    return rows
  }
}
