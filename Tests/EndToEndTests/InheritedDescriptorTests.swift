import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The children the end-to-end tests spawn themselves keep no descriptor of another test.
@Suite("inherited descriptors")
struct InheritedDescriptorTests {
  @Test("a child spawned with closeInheritedDescriptors has none of the parent's open descriptors past 2")
  func childKeepsOnlyItsStandardDescriptors() throws {
    // A pipe another test has open, not close-on-exec.
    var other: [Int32] = [-1, -1]
    try #require(pipe(&other) == 0)
    defer { for end in other { close(end) } }
    var output: [Int32] = [-1, -1]
    try #require(pipe(&output) == 0)
    for end in output { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, output[1], 1)
    closeInheritedDescriptors(&actions)
    // The shell lists its own descriptors; its glob opens none that stays open.
    let words: [String] = ["/bin/sh", "-c", "cd /proc/self/fd && echo *"]
    let argv = words.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var child = pid_t()
    let spawned = posix_spawn(&child, "/bin/sh", &actions, nil, argv, environ)
    close(output[1])
    defer { close(output[0]) }
    try #require(spawned == 0)
    let (bytes, _) = readToEnd(output[0], thenWaitFor: child)
    let open = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Int32($0) }
    #expect(!open.contains(other[0]) && !open.contains(other[1]), "the child has \(open)")
    #expect(open.contains(1))
  }
}
