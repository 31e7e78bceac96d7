import Shell
import Testing

/// `String.deletingLastPathComponent` and `lastPathComponent` give what `NSString`'s do on
/// Darwin (swift-corelibs-foundation's traps on `a/`, so it cannot be the oracle here).
@Suite struct PathTextTests {
  @Test(arguments: [
    ("a/b/c", "a/b", "c"), ("/a/b", "/a", "b"), ("/a", "/", "a"), ("a", "", "a"), ("a/", "", "a"),
    ("a/b/", "a", "b"), ("/", "/", "/"), ("///", "/", "/"), ("", "", ""), ("./t.t", ".", "t.t"),
    ("dir//file.t", "dir", "file.t"), ("/tmp/x.t.cassette.json", "/tmp", "x.t.cassette.json"),
  ])
  func splitsAsNSString(_ path: String, _ directory: String, _ last: String) {
    #expect(path.deletingLastPathComponent == directory, "\(path)")
    #expect(path.lastPathComponent == last, "\(path)")
  }
}
