import Foundation
import Testing

@testable import Shell

/// `open N` starts `$BROWSER`, which may outlive the session: it must get no descriptor of the
/// session's (a pipe it held open would keep a reader from ever seeing its end) and no input.
@Suite struct SystemOpenerTests {
  @Test func theBrowserGetsTheURLAndNoneOfTheSessionsDescriptors() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("opener-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let browser = directory.appendingPathComponent("browser")
    // The listing is of the shell that runs the script: its own descriptors, as inherited. It
    // says it is done through a FIFO the test waits on.
    let done = directory.appendingPathComponent("done")
    #expect(mkfifo(done.path, 0o600) == 0)
    try """
    #!/bin/sh
    ls -l /proc/$$/fd > "\(directory.path)/fds"
    printf '%s' "$1" > "\(directory.path)/url"
    echo done > "\(done.path)"
    """.write(to: browser, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: browser.path)

    // A pipe the session holds, not marked close-on-exec: what a child would inherit.
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { for end in ends { close(end) } }
    var status = stat()
    #expect(fstat(ends[1], &status) == 0)

    // Opened before the browser starts, so that its write end opens at once.
    let reader = open(done.path, O_RDONLY | O_NONBLOCK)
    defer { close(reader) }
    let opener = SystemOpener { $0 == "BROWSER" ? browser.path : nil }
    #expect(opener.open("https://github.com/apple/swift"))
    // The opener waits for the browser only briefly; the FIFO says when it has written both files.
    var finished = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
    var ready = poll(&finished, 1, 60_000)
    while ready < 0 && errno == EINTR { ready = poll(&finished, 1, 60_000) }
    #expect(ready == 1, "the browser never said it was done")
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
