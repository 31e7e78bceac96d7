import FoundationEssentials

/// How `reactor replay` runs a suite: which files, how many at once, and what it writes.
package struct ReplayOptions: Sendable, Equatable {
  /// Files and directories, as given.
  package var paths: [String]
  /// Rewrite each transcript that differs with the actual output.
  package var update = false
  /// Transcripts replayed at once; the report is the same for any number.
  package var jobs = ProcessInfo.processInfo.activeProcessorCount
  /// This run's slice of the suite, `(k, n)` for the k-th of n (1-based).
  package var shard: (index: Int, count: Int)?
  /// A JUnit XML report to write.
  package var junit: String?
  /// Only the transcripts whose path this regular expression finds a match in.
  package var filter: String?
  /// What `--update` must never write (the environment's token).
  package var secrets: SecretScanner?

  package init(paths: [String]) { self.paths = paths }

  package static func == (a: ReplayOptions, b: ReplayOptions) -> Bool {
    a.paths == b.paths && a.update == b.update && a.jobs == b.jobs && a.shard?.index == b.shard?.index
      && a.shard?.count == b.shard?.count && a.junit == b.junit && a.filter == b.filter
  }

  /// Reads `K/N`, as `--shard` takes it: 1 <= K <= N.
  package static func shard(_ text: String) -> (index: Int, count: Int)? {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
      (1...count).contains(index)
    else { return nil }
    return (index, count)
  }

  /// The transcripts of shard `k` of `n`: every n-th file of the sorted suite, from the k-th,
  /// so shards differ in size by one file at most, and together they are the suite with no
  /// file twice. The slice depends only on the suite, never on the machine or the run.
  package static func slice<T>(_ files: [T], shard: (index: Int, count: Int)) -> [T] {
    files.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
  }
}
