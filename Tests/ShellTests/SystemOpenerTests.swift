import Foundation
import Testing

@testable import Shell

/// `open N` starts `$BROWSER`, which may outlive the session: it must get no descriptor of the
/// session's (a pipe it held open would keep a reader from ever seeing its end) and no input.
@Suite struct SystemOpenerTests {
  @Test func theBrowserGetsTheURLAndNoneOfTheSessionsDescriptors() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("opener-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let browser = directory.appendingPathComponent("browser")
    // The listing is of the shell that runs the script: its own descriptors, as inherited.
    // Each file appears whole (renamed into place), the URL last.
    try """
    #!/bin/sh
    ls -l /proc/$$/fd > "\(directory.path)/fds.part" && mv "\(directory.path)/fds.part" "\(directory.path)/fds"
    printf '%s' "$1" > "\(directory.path)/url.part" && mv "\(directory.path)/url.part" "\(directory.path)/url"
    """.write(to: browser, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: browser.path)

    // A pipe the session holds, not marked close-on-exec: what a child would inherit.
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { for end in ends { close(end) } }
    var status = stat()
    #expect(fstat(ends[1], &status) == 0)

    let opener = SystemOpener { $0 == "BROWSER" ? browser.path : nil }
    #expect(opener.open("https://github.com/apple/swift"))
    // The opener waits half a second for the browser, which a loaded machine may not start in.
    let url = directory.appendingPathComponent("url")
    let deadline = ContinuousClock.now + .seconds(60)
    while !FileManager.default.fileExists(atPath: url.path) && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(
      try String(contentsOf: directory.appendingPathComponent("url"), encoding: .utf8)
        == "https://github.com/apple/swift")
    let fds = try String(contentsOf: directory.appendingPathComponent("fds"), encoding: .utf8)
    #expect(!fds.contains("pipe:[\(status.st_ino)]"), "the session's pipe reached the browser:\n\(fds)")
    #expect(fds.contains(" 0 -> /dev/null"), "the browser's input is not /dev/null:\n\(fds)")
  }

  @Test func onlyAWebURLIsOpened() {
    let opener = SystemOpener { _ in "/bin/true" }
    #expect(!opener.open("file:///etc/passwd"))
    #expect(!opener.open("javascript:alert(1)"))
  }
}
