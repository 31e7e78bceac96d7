import Testing

@testable import Shell

/// What a live view prints as it ends (Enter's selection) comes from the network: a repository
/// named with a control sequence must reach standard output, and a live transcript, inert.
@Suite struct LiveOutputTests {
  @Test func theSelectionIsMadeSafeLineByLine() {
    let printed = LiveDriver.Outcome.printable("evil/\u{1B}]0;PWNED\u{07}repo\nok/\u{9B}31mred\n")
    #expect(printed == "evil/^[]0;PWNED^Grepo\nok/^[[31mred\n")
    #expect(LiveDriver.Outcome.printable(nil) == nil)
    #expect(LiveDriver.Outcome.printable("apple/swift") == "apple/swift")
  }
}
