import ReactorJSON

/// The UTF-8 a ``JSONWriter`` wrote, kept in the writer's own buffer: an output line of a
/// change record holds it as it is rather than copying it into an array, and with it what the
/// record was written from (one object for both).
final class WrittenBytes: Sendable {
  // Written once, here, and only read after that.
  private nonisolated(unsafe) let base: UnsafeMutablePointer<UInt8>
  private let count: Int
  /// The change record the bytes encode, if they encode one.
  let change: ChangeRecord?

  init(_ writer: consuming JSONWriter, change: ChangeRecord? = nil) {
    (base, count) = writer.take()
    self.change = change
  }

  deinit { base.deallocate() }

  func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    try body(UnsafeBufferPointer(start: base, count: count))
  }
}
