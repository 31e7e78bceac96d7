import ReactorJSON

/// The UTF-8 a ``JSONWriter`` wrote, kept in the writer's own buffer or written in place after
/// the object's header: an output line of a change record holds it as it is rather than copying
/// it into an array, and with it what the record was written from (one object for all three).
final class WrittenBytes: ManagedBuffer<WrittenBytes.Header, UInt8> {
  // Set while the line is made, before anyone else sees it, and only read after that (so a
  // line may cross threads: see `OutputLine.Content`).
  struct Header {
    /// A buffer of the writer's own when the bytes outgrew the room after the header (nil: the
    /// bytes are there).
    var outgrown: UnsafeMutablePointer<UInt8>?
    var count: Int
    /// The change record the bytes encode, if they encode one.
    var change: ChangeRecord?
  }

  /// Bytes a writer wrote into its own buffer.
  static func of(_ writer: consuming JSONWriter, change: ChangeRecord? = nil) -> WrittenBytes {
    let (base, count) = writer.take()
    return make(room: 0, header: Header(outgrown: base, count: count, change: change))
  }

  /// Bytes `write` writes with a writer lent the room for `capacity` of them after the object's
  /// header, so that the line's bytes and the object are one allocation; `write` returns the
  /// change record they encode, if any.
  static func writing(capacity: Int, _ write: (inout JSONWriter) -> ChangeRecord?) -> WrittenBytes {
    let bytes = make(room: capacity, header: Header(outgrown: nil, count: 0, change: nil))
    bytes.withUnsafeMutablePointers { header, room in
      var writer = JSONWriter(lent: room, capacity: capacity)
      let change = write(&writer)
      let (base, count, owned) = writer.finish()
      if owned { header.pointee.outgrown = base }
      header.pointee.count = count
      header.pointee.change = change
    }
    return bytes
  }

  private static func make(room: Int, header: Header) -> WrittenBytes {
    unsafeDowncast(create(minimumCapacity: room) { _ in header }, to: WrittenBytes.self)
  }

  deinit { withUnsafeMutablePointerToHeader { $0.pointee.outgrown?.deallocate() } }

  /// The change record the bytes encode, if they encode one.
  var change: ChangeRecord? { withUnsafeMutablePointerToHeader { $0.pointee.change } }

  func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    try withUnsafeMutablePointers { header, room in
      try body(UnsafeBufferPointer(start: header.pointee.outgrown ?? room, count: header.pointee.count))
    }
  }
}
