import FeatureKit
import FeatureList
import FeedFeature
import GitHubClient
import LiveTerminal
import ReactorCore
import Rendering
import Shell
import Testing

// The parts every live list shares with fzf: the query line's keys (Alt ones too, and a
// password's whole-field ones), the movement keys, `--multi`'s marks, double clicks, and where
// `--preview`'s pane goes.

/// `field` after `keys`, as text with the caret as `|`.
private func edited(_ text: String, caret: Int? = nil, _ keys: [Key], secret: Bool = false) -> String {
  var field = LineField(text)
  if let caret { for _ in 0..<(text.count - caret) { _ = field.edit(.left) } }
  for key in keys { _ = field.edit(key, secret: secret) }
  var shown = field.characters.map(String.init)
  shown.insert("|", at: field.caret)
  return shown.joined()
}

@Suite struct LiveViewPickerTests {
  @Test("Alt-Backspace and Ctrl-W take the word before the caret, Alt-D the one after, Ctrl-Y puts the last back")
  func wordKeys() {
    #expect(edited("swift language:swift", [.altBackspace]) == "swift |")
    #expect(edited("swift language:swift", [.control("w")]) == "swift |")
    #expect(edited("swift  ", [.altBackspace]) == "|")
    #expect(edited("swift language:swift", caret: 0, [.alt("d")]) == "| language:swift")
    #expect(edited("swift language:swift", caret: 5, [.alt("d")]) == "swift|")
    #expect(edited("swift language:swift", [.altBackspace, .control("a"), .control("y")]) == "language:swift|swift ")
    #expect(edited("ab cd", [.control("u"), .control("y"), .control("y")]) == "ab cdab cd|")
    #expect(edited("ab", [.control("y")]) == "ab|")
    // Alt-B and Alt-F arrive as the word moves.
    #expect(edited("ab cd ef", [.wordLeft, .wordLeft]) == "ab |cd ef")
    #expect(edited("ab cd ef", caret: 0, [.wordRight]) == "ab| cd ef")
  }

  @Test("keys that are not the field's are left to the view: Ctrl-K (fzf's up), Ctrl-J, unknown Alt keys, clicks")
  func notEditing() {
    for key: Key in [.control("k"), .control("j"), .alt("x"), .alt("."), .alt("é"), .click(row: 0, column: 0)] {
      var field = LineField("swift")
      let edited = field.edit(key)
      #expect(!edited, "\(key)")
      #expect(field.text == "swift" && field.caret == 5)
    }
  }

  @Test("in a password the word keys take the whole field, and nothing taken is kept for Ctrl-Y")
  func secretWords() {
    #expect(edited("hunter2 and more", caret: 10, [.control("w")], secret: true) == "|")
    #expect(edited("hunter2 and more", caret: 10, [.altBackspace], secret: true) == "|")
    #expect(edited("hunter2 and more", caret: 10, [.alt("d")], secret: true) == "hunter2 an|")
    #expect(edited("hunter2 and more", caret: 10, [.wordLeft], secret: true) == "|hunter2 and more")
    #expect(edited("hunter2 and more", caret: 3, [.wordRight], secret: true) == "hunter2 and more|")
    #expect(edited("hunter2 and more", [.control("w"), .control("y")], secret: true) == "|")
    #expect(edited("hunter2", [.control("u"), .control("y")], secret: true) == "|")
    // Killed outside a secret, then a secret kill: the older text is forgotten too.
    var field = LineField("ab cd")
    _ = field.edit(.control("w"))
    _ = field.edit(.control("w"), secret: true)
    _ = field.edit(.control("y"))
    #expect(field.text.isEmpty)
  }

  @Test("fzf's Ctrl-J and Ctrl-N move down, Ctrl-K and Ctrl-P up; a line of the window names its row")
  func movement() {
    var list = ListWindow()
    list.fit(rows: 5, count: 20)
    for (key, expected) in [(Key.control("j"), 1), (.control("n"), 2), (.control("k"), 1), (.control("p"), 0)] {
      let moved = list.move(key, count: 20)
      #expect(moved)
      #expect(list.selection == expected, "\(key)")
    }
    _ = list.move(.end, count: 20)
    list.fit(rows: 5, count: 20)
    #expect(list.row(at: 0, count: 20) == 15)
    #expect(list.row(at: 4, count: 20) == 19)
    #expect(list.row(at: 5, count: 20) == nil)
    #expect(list.row(at: -1, count: 20) == nil)
    list.reset()
    list.fit(rows: 5, count: 3)
    #expect(list.row(at: 2, count: 3) == 2 && list.row(at: 3, count: 3) == nil)
  }

  @Test("marks keep the order they were made in; a second toggle unmarks; removeAll counts them")
  func marks() {
    var marks = Marks<Int, String>()
    marks.toggle(3, "c")
    marks.toggle(1, "a")
    marks.toggle(2, "b")
    marks.toggle(1, "a")
    #expect(marks.inOrder == ["c", "b"])
    #expect(marks.contains(3) && !marks.contains(1) && marks.count == 2)
    marks.toggle(1, "a")
    #expect(marks.inOrder == ["c", "b", "a"])
    #expect(marks.removeAll() == 3)
    #expect(marks.isEmpty && marks.inOrder.isEmpty)
  }

  @Test("a double click is a second press on the same row within half a second")
  func doubleClicks() {
    var clicks = Clicks()
    let presses: [(row: Int, at: Duration, double: Bool)] = [
      (4, .seconds(1), false), (4, .milliseconds(1500), true),
      // The double click used both presses: a third starts afresh.
      (4, .milliseconds(1600), false), (5, .milliseconds(1700), false), (5, .milliseconds(2201), false),
      (5, .milliseconds(2300), true),
    ]
    for press in presses {
      let double = clicks.press(row: press.row, at: press.at)
      #expect(double == press.double, "row \(press.row) at \(press.at)")
    }
  }

  @Test("a picker: Tab marks and moves down, Shift-Tab moves up and unmarks; clicks on the list; marks dropped say so")
  func picker() {
    let rows = ["a", "b", "c"]
    var picker = Picker<String, String>()
    func row(_ index: Int) -> (id: String, item: String) { (rows[index], rows[index].uppercased()) }
    picker.mark(.tab, count: 3, row: row)
    picker.mark(.tab, count: 3, row: row)
    #expect(picker.marks.inOrder == ["A", "B"] && picker.list.selection == 2)
    // Shift-Tab on an unmarked row moves up and unmarks nothing; on a marked one it unmarks.
    picker.mark(.backTab, count: 3, row: row)
    #expect(picker.marks.inOrder == ["A"] && picker.list.selection == 1)
    #expect(picker.status.map(\.text) == ["1 marked"])
    picker.replaced(because: "a refresh")
    #expect(picker.marks.isEmpty && picker.note == "1 mark dropped: a refresh" && picker.list.selection == 0)
    #expect(picker.status.map(\.text) == ["1 mark dropped: a refresh"])
    // Clicks: the list starts at `top` and ends where the pane starts.
    picker.layout = PreviewLayout(width: 120, rows: 10, shown: true)
    picker.list.fit(rows: 10, count: 3)
    var double = picker.click(row: 2, column: 0, top: 1, count: 3, at: .seconds(1))
    #expect(!double && picker.list.selection == 1)
    double = picker.click(row: 3, column: picker.layout.listWidth, top: 1, count: 3, at: .seconds(1))
    #expect(!double && picker.list.selection == 1)
    double = picker.click(row: 2, column: 5, top: 1, count: 3, at: .milliseconds(1200))
    #expect(double)
    // The pane scrolls within the record, and starts at its top for another row.
    let record = (0..<20).map { FrameLine("line \($0)") }
    var shown = picker.previewLines(of: "a", record)
    #expect(shown.first?.text == "line 0")
    for _ in 0..<50 { picker.scrollPreview(.shiftDown) }
    shown = picker.previewLines(of: "a", record)
    #expect(shown.count == picker.layout.paneRows)
    picker.scrollPreview(.shiftUp)
    #expect(picker.previewScroll == 20 - picker.layout.paneRows - 1)
    shown = picker.previewLines(of: "b", record)
    #expect(shown.first?.text == "line 0")
  }

  @Test("the pane goes beside the list from 100 columns, below it on a narrow terminal, nowhere when too small")
  func previewLayout() {
    let wide = PreviewLayout(width: 120, rows: 20, shown: true)
    #expect(wide.placement == .beside && wide.listWidth + 1 + wide.paneWidth == 120 && wide.listRows == 20)
    #expect(wide.paneRows == 20 && wide.listWidth >= wide.paneWidth)
    let narrow = PreviewLayout(width: 80, rows: 20, shown: true)
    #expect(narrow.placement == .below && narrow.listRows + 1 + narrow.paneRows == 20 && narrow.paneWidth == 80)
    #expect(PreviewLayout(width: 80, rows: 6, shown: true).placement == nil)
    #expect(PreviewLayout(width: 80, rows: 6, shown: true).listRows == 6)
    #expect(PreviewLayout(width: 120, rows: 20, shown: false) == PreviewLayout(width: 120, rows: 20, shown: false))
    #expect(PreviewLayout(width: 120, rows: 20, shown: false).placement == nil)
    // Composed: every line of the beside layout is the full width, the rule in one column.
    let lines = wide.compose(
      list: [FrameLine(String(repeating: "x", count: 200)), FrameLine("short")], pane: [FrameLine("pane")])
    #expect(lines.count == 20)
    #expect(lines.allSatisfy { TerminalText.width($0.text) <= 120 })
    #expect(lines[0].text.hasSuffix("…│pane") && TerminalText.width(lines[0].text) == wide.listWidth + 5)
    #expect(lines[1].text == "short" + String(repeating: " ", count: wide.listWidth - 5) + "│")
    let below = narrow.compose(list: [FrameLine("a")], pane: [FrameLine("b")])
    #expect(below.map(\.text).prefix(narrow.listRows + 2).suffix(3) == ["", String(repeating: "─", count: 80), "b"])
  }

  @Test(
    "a record wraps its prose and values to the pane, its labels in a column, with control characters made harmless")
  func previewRecord() {
    let record = PreviewRecord(
      title: "apple/swift", prose: "The Swift Programming Language\u{1B}[2J",
      fields: [
        .init("Stars", PreviewRecord.number(67_234)), .init("Topics", ["swift", "compiler", "llvm"]),
        .init("Empty", []),
      ])
    let lines = record.lines(width: 24).map(\.text)
    #expect(lines.first == "apple/swift")
    #expect(!lines.joined().contains("\u{1B}"))
    #expect(lines.contains("Stars   67,234"))
    #expect(lines.contains("Topics  swift, compiler,"))
    #expect(lines.contains("        llvm"))
    #expect(!lines.contains { $0.hasPrefix("Empty") })
    #expect(lines.allSatisfy { TerminalText.width($0) <= 24 })
    // Too narrow for a label column: each value under its label.
    #expect(record.lines(width: 14).map(\.text).contains("Stars"))
    #expect(PreviewRecord.number(-1_234_567) == "-1,234,567" && PreviewRecord.number(999) == "999")
    #expect(PreviewRecord.day("2015-10-23T17:04:35Z") == "2015-10-23")
    #expect(PreviewRecord.day("yesterday") == "yesterday" && PreviewRecord.day("2015-10-23x") == "2015-10-23x")
  }

  @Test(
    "ESCDELAY: 100 ms unset or empty, as ncurses and fzf; a whole number of milliseconds up to 10000; else a failure naming it"
  )
  func escapeDelay() throws {
    #expect(try LiveDriver.escapeDelay(nil).get() == .milliseconds(100))
    #expect(try LiveDriver.escapeDelay("").get() == .milliseconds(100))
    #expect(try LiveDriver.escapeDelay("0").get() == .zero)
    #expect(try LiveDriver.escapeDelay("250").get() == .milliseconds(250))
    #expect(try LiveDriver.escapeDelay("10000").get() == .seconds(10))
    for bad in ["10001", "-1", "1.5", "abc", " 50", "５０", "99999999999999999999"] {
      guard case .failure(let failure) = LiveDriver.escapeDelay(bad) else {
        Issue.record("\(bad) taken")
        continue
      }
      #expect("\(failure)".contains("ESCDELAY must be a whole number of milliseconds"), "\(failure)")
    }
  }

  @Test(
    "the feed: --multi marks events and Enter prints their lines in order; a refresh drops them; --preview shows the event"
  )
  func feedMultiAndPreview() {
    let start = 1_700_000_000.0
    let client = GitHubClient(
      searchRepositories: { _, page, _ in Page(items: [], page: page, nextPage: nil) },
      events: { number, _, _ in
        let events = (1...30).map {
          Event(
            id: String($0), type: "PushEvent", actor: "user\($0)", repository: "owner/repo\($0)", createdAt: start - 300
          )
        }
        return .page(Page(items: events, page: number, nextPage: nil), etag: "e")
      })
    let executor = ManualExecutor()
    let configuration = Session.Configuration(
      client: client, features: Features.all, options: RenderOptions(mode: .json), sink: MemorySink(),
      time: .virtual(VirtualClock(), start: start), executor: executor)
    let session = Session(configuration: configuration)
    let view = FeedLiveView(
      host: session.host(forFeature: "feed")!, context: LiveContext(multi: true, preview: true), changed: { _ in })
    view.start(at: .zero)
    _ = executor.runUntilIdle()
    var lines = view.frame(width: 120, height: 20, at: .zero).lines.map(\.text)
    let pane = lines.compactMap { $0.split(separator: "│", maxSplits: 1).dropFirst().first.map(String.init) }
    #expect(pane.first == "user1 pushed to owner/repo1", "\(lines)")
    #expect(pane.contains { $0.hasPrefix("Actor") && $0.hasSuffix("user1") }, "\(pane)")
    #expect(pane.contains { $0.hasPrefix("Event id") && $0.hasSuffix("1") }, "\(pane)")
    // Marks 1, then 3, which Shift-Tab takes back; Tab on 3 again (fzf's toggle) marks it.
    for key in [Key.tab, .down, .tab, .backTab] { _ = view.handle(key, at: .zero) }
    lines = view.frame(width: 120, height: 20, at: .zero).lines.map(\.text)
    #expect(lines.last?.contains("1 marked") == true, "\(lines)")
    #expect(lines.filter { $0.hasPrefix("+") }.count == 1 && lines[0].hasPrefix("+  1. user1"), "\(lines)")
    _ = view.handle(.tab, at: .zero)
    #expect(
      view.handle(.enter, at: .zero)
        == .exit(status: 0, output: "user1 pushed to owner/repo1\nuser3 pushed to owner/repo3"))
    _ = view.handle(.text("r"), at: .zero)
    lines = view.frame(width: 120, height: 20, at: .zero).lines.map(\.text)
    #expect(lines.last?.contains("2 marks dropped: a refresh") == true, "\(lines)")
    _ = view.handle(.text("?"), at: .zero)
    #expect(!view.frame(width: 120, height: 20, at: .zero).lines.contains { $0.text.contains("│") })
  }
}
