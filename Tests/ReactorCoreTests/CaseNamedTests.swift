import ReactorCore
import Testing

private enum Step: Sendable, CaseNamed {
  case start
  case add(Int)
  case move(from: Int, to: Int)
}

/// Hides its payload, as an action that carries a password does: reflection reads back the
/// custom text, so it names its cases itself.
private enum Secret: Sendable, CaseNamed, CustomStringConvertible {
  case password(String)

  var description: String { "password(<redacted>)" }
  var caseName: String { "password" }
}

@Suite("CaseNamed")
struct CaseNamedTests {
  @Test func anEnumIsNamedAsDeclared() {
    #expect(Step.start.caseName == "start")
    #expect(Step.add(3).caseName == "add")
    #expect(Step.move(from: 1, to: 2).caseName == "move")
  }

  @Test func aWrittenNameWinsOverTheDerivedOne() {
    #expect(Secret.password("hunter22").caseName == "password")
  }
}
