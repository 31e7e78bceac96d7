/// The RFC 6902 operations of one state change, in the form the differ makes them: the elements
/// appended to a list are kept as one run, not as one ``PatchOperation`` each.
///
/// A page of 30 repositories appended to a search is one run of those 30 repositories. Written
/// as JSON, it is the same 30 `add` operations that ``operations`` spells out, with their shared
/// head (`{"op":"add","path":"/repos/-","value":`) escaped once and each repository's text
/// copied, without building, copying, writing and destroying 30 operation structs for every
/// page, a large share of an append with NDJSON output.
///
/// Everything that reads operations one by one uses ``operations``; only writers and counters
/// look at the runs.
public struct Patch: Sendable, Equatable, ExpressibleByArrayLiteral {
  /// One operation, the `replace` of a value at a path whose heads are written, a run of
  /// `add`s at a path (a list's `/-`), one per element, or the `replace` of a whole list at a
  /// path by its elements.
  enum Piece: Sendable {
    // Boxed, so that every piece is the size of a run rather than of an operation (whose
    // `from` made it the largest): the differ's pieces are replaces and runs.
    indirect case operation(PatchOperation)
    case replace(PatchPath, value: JSONValue, oldValue: JSONValue)
    case appends(PatchPath, ElementRun)
    case list(PatchPath, ElementRun)
  }

  /// The elements of a run, kept as their array in an existential (inline: no allocation),
  /// so that writing one is a direct call to its type's
  /// ``JSONRepresentable/writeJSON(_:each:closing:to:)`` (a pre-encoded repository copies its
  /// bytes) rather than building a `JSONValue` and switching on it.
  struct ElementRun: Sendable {
    let count: Int
    /// About how many bytes the elements' JSON takes, all together.
    let bytes: Int
    let elements: any RunElements

    /// A run of `elements`.
    static func of<Element: JSONRepresentable & Sendable>(_ elements: [Element]) -> ElementRun {
      var bytes = 0
      for element in elements { bytes += element.jsonSizeHint }
      return ElementRun(count: elements.count, bytes: bytes, elements: TypedElements(elements: elements))
    }

    /// The elements' values, for ``Patch/operations``.
    func values() -> [JSONValue] { elements.values() }

    /// Writes every element as `head` + its JSON (+ `}` when `close`), separated by commas.
    func write(_ writer: inout JSONWriter, _ head: borrowing JSONWriter, _ close: Bool) {
      elements.write(to: &writer, each: head, closing: close)
    }
  }

  var pieces: [Piece] = []
  /// The number of operations.
  public private(set) var count = 0
  /// About how many bytes ``write(to:)`` appends: a writer sized for it grows at most once.
  public private(set) var sizeHint = 2

  public init() {}

  public init(_ operations: [PatchOperation]) {
    pieces = operations.map { .operation($0) }
    count = operations.count
    sizeHint += operations.count * Self.operationSizeHint
  }

  /// An operation's head, path and a short value.
  static let operationSizeHint = 64

  public init(arrayLiteral operations: PatchOperation...) { self.init(operations) }

  public var isEmpty: Bool { count == 0 }

  /// Adds one operation at the end.
  public mutating func append(_ operation: consuming PatchOperation) {
    append(.operation(consume operation), count: 1, bytes: Self.operationSizeHint)
  }

  /// Adds an `add` at `path` for each element, in order; `path` is usually a list's `/name/-`.
  public mutating func append<Element: JSONRepresentable & Sendable>(addsAt path: String, elements: [Element]) {
    append(addsAt: PatchPath(path), elements: elements)
  }

  /// Adds an `add` at `path` for each element, in order, at a path made once.
  public mutating func append<Element: JSONRepresentable & Sendable>(addsAt path: PatchPath, elements: [Element]) {
    if elements.isEmpty { return }
    let run = ElementRun.of(elements)
    // Each element's JSON after `{"op":"add","path":"` + the path + `","value":` and before
    // `}`, with a comma between two.
    append(.appends(path, run), count: run.count, bytes: run.bytes + run.count * (32 + path.pointer.utf8.count) - 1)
  }

  /// Adds the `replace` of the value at `path` (made once) by `value`; `oldValue` is what it
  /// replaces, for text renderers.
  public mutating func append(
    replacing path: PatchPath, with value: consuming JSONValue, was oldValue: consuming JSONValue
  ) {
    append(
      .replace(path, value: value, oldValue: oldValue), count: 1,
      bytes: Self.operationSizeHint + path.pointer.utf8.count)
  }

  /// Adds a `replace` at `path` whose value is the array of `elements`: the text of
  /// `.replace` with `.array(elements.map(\.jsonValue))`, each element written as it writes itself.
  public mutating func append<Element: JSONRepresentable & Sendable>(
    replacingListAt path: String, with elements: [Element]
  ) {
    append(replacingListAt: PatchPath(path), with: elements)
  }

  /// The same, at a path made once.
  public mutating func append<Element: JSONRepresentable & Sendable>(
    replacingListAt path: PatchPath, with elements: [Element]
  ) {
    let run = ElementRun.of(elements)
    // `{"op":"replace","path":"` + the path + `","value":[`, the elements with a comma between
    // two, and `]}`.
    append(.list(path, run), count: 1, bytes: run.bytes + max(run.count - 1, 0) + 37 + path.pointer.utf8.count)
  }

  mutating func append(_ piece: consuming Piece, count: Int, bytes: Int) {
    reserveFirst()
    pieces.append(piece)
    self.count += count
    sizeHint += bytes
  }

  /// A change is usually two to five pieces (a new search resets five fields): one allocation
  /// for them rather than growing from one.
  private mutating func reserveFirst() {
    if pieces.capacity == 0 { pieces.reserveCapacity(8) }
  }

  /// Every operation, in order: each value of a run is its own `add`.
  public var operations: [PatchOperation] {
    var operations: [PatchOperation] = []
    operations.reserveCapacity(count)
    for piece in pieces {
      switch piece {
      case .operation(let operation): operations.append(operation)
      case .replace(let path, let value, let oldValue):
        operations.append(PatchOperation(op: .replace, path: path.pointer, value: value, oldValue: oldValue))
      case .appends(let path, let run):
        for value in run.values() { operations.append(PatchOperation(op: .add, path: path.pointer, value: value)) }
      case .list(let path, let run):
        operations.append(PatchOperation(op: .replace, path: path.pointer, value: .array(run.values())))
      }
    }
    return operations
  }

  /// How many operations have this path (the `add`s of an append, for one).
  public func count(at path: String) -> Int {
    var total = 0
    for piece in pieces {
      switch piece {
      case .operation(let operation): if operation.path.hasSameScalars(as: path) { total += 1 }
      case .replace(let valuePath, _, _): if valuePath.pointer.hasSameScalars(as: path) { total += 1 }
      case .appends(let runPath, let run): if runPath.pointer.hasSameScalars(as: path) { total += run.count }
      case .list(let listPath, _): if listPath.pointer.hasSameScalars(as: path) { total += 1 }
      }
    }
    return total
  }

  /// Equal when the operations are, however they are grouped.
  public static func == (lhs: Patch, rhs: Patch) -> Bool {
    lhs.count == rhs.count && lhs.operations == rhs.operations
  }

  /// Writes the operations as a JSON array: the text of `.array(operations.map(\.jsonValue))`.
  ///
  /// The head of a run's operations (`{"op":"add","path":"/repos/-","value":`) is escaped
  /// once, and each value then costs a copy of that head and of the value's text.
  public func write(to writer: inout JSONWriter) {
    writer.byte(UInt8(ascii: "["))
    // Each piece is written where it lies: a copy of one (its path, values and run) costs
    // more than writing a small operation.
    pieces.withUnsafeBufferPointer { pieces in
      for index in pieces.indices {
        if index > 0 { writer.byte(UInt8(ascii: ",")) }
        Piece.write(pieces, at: index, to: &writer)
      }
    }
    writer.byte(UInt8(ascii: "]"))
  }

  /// `{"op":"add","path":"/repos/-"`: an operation up to its value; a `move` or `copy` starts
  /// with its `from`, as the members of ``PatchOperation/jsonValue`` are sorted.
  static func writeHead(_ op: PatchOperation.Kind, _ path: String, from: String? = nil, to writer: inout JSONWriter) {
    if let from {
      writer.raw(#"{"from":"#)
      writer.string(from)
      writer.byte(UInt8(ascii: ","))
    } else {
      writer.byte(UInt8(ascii: "{"))
    }
    switch op {
    case .add: writer.raw(#""op":"add","path":"#)
    case .remove: writer.raw(#""op":"remove","path":"#)
    case .replace: writer.raw(#""op":"replace","path":"#)
    case .move: writer.raw(#""op":"move","path":"#)
    case .copy: writer.raw(#""op":"copy","path":"#)
    case .test: writer.raw(#""op":"test","path":"#)
    }
    writer.string(path)
  }
}

extension Patch.Piece {
  /// Writes the piece's operations, with a comma between two.
  fileprivate static func write(_ pieces: UnsafeBufferPointer<Self>, at index: Int, to writer: inout JSONWriter) {
    switch pieces[index] {
    case .operation(let operation):
      Patch.writeHead(operation.op, operation.path, from: operation.from, to: &writer)
      if let value = operation.value {
        writer.raw(#","value":"#)
        writer.value(value)
      }
      writer.byte(UInt8(ascii: "}"))
    case .replace(let path, let value, _):
      writer.append(path.replaceHead)
      writer.value(value)
      writer.byte(UInt8(ascii: "}"))
    case .appends(let path, let run):
      run.write(&writer, path.addHead, true)
    case .list(let path, let run):
      writer.append(path.replaceHead)
      writer.byte(UInt8(ascii: "["))
      run.write(&writer, path.noHead, false)
      writer.raw("]}")
    }
  }
}
