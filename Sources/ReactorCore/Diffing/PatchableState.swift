public import ReactorJSON

/// A state whose changes can be described as RFC 6902 patches without copying or walking it.
///
/// A conforming type lists its fields once, in ``patchFields``; from that list come the whole
/// state's JSON (``jsonValue``), a cheap ``Fingerprint`` taken before a reduce, and the patch
/// from that fingerprint to the state after it. The cost of a patch is proportional to what
/// changed, not to the size of the state: scalar fields are compared by value, and list fields
/// (``TrackedArray``) by identity and count, so appending a page to 100,000 items encodes only
/// the page.
public protocol PatchableState: Sendable {
  /// The fields in the order they are listed; JSON output sorts them by name.
  static var patchFields: [PatchField<Self>] { get }
  /// A summary to compare against after the next change; by default the fields' marks
  /// (``fieldFingerprint``).
  var fingerprint: Fingerprint { get }
  /// The operations that turn the state summarised by `old` into this state; by default the
  /// fields' (``fieldChanges(since:)``). A state that takes its own fingerprint (a hot one, whose
  /// every commit is diffed) must give the same operations, in the order of ``patchFields``.
  func changes(since old: Fingerprint) -> Patch
}

/// A cheap summary of a state, to diff against after a reduce: one mark per field, or what a
/// state that diffs itself kept (``summary``).
public struct Fingerprint: Sendable {
  fileprivate var marks: [FieldMark]
  /// The summary a state's own ``PatchableState/fingerprint`` kept, if it takes its own.
  public let summary: (any AnyObject & Sendable)?

  fileprivate init(marks: [FieldMark]) {
    self.marks = marks
    summary = nil
  }

  /// A state's own summary, read back by its ``PatchableState/changes(since:)``.
  public init(summary: any AnyObject & Sendable) {
    marks = []
    self.summary = summary
  }
}

/// What a fingerprint remembers of one field.
public enum FieldMark: Sendable {
  case value(JSONValue)
  case list(identity: UInt64, count: Int)
}

extension PatchableState {
  /// The whole state as JSON, as `state <feature>` prints it.
  public var jsonValue: JSONValue {
    .object(JSONObject(Self.patchFields.map { ($0.name, $0.json(self)) }))
  }

  public var fingerprint: Fingerprint { fieldFingerprint }

  public func changes(since old: Fingerprint) -> Patch { fieldChanges(since: old) }

  /// A summary to compare against after the next change, one mark per field.
  public var fieldFingerprint: Fingerprint {
    // The fields are read in place: copying a field out of the array retains and releases its
    // name and three closures, twice per field and commit.
    Self.patchFields.withUnsafeBufferPointer { fields in
      var marks: [FieldMark] = []
      marks.reserveCapacity(fields.count)
      for index in fields.indices { marks.append(fields[index].mark(self)) }
      return Fingerprint(marks: marks)
    }
  }

  /// The operations that turn the state summarised by ``fieldFingerprint`` `old` into this
  /// state, field by field.
  public func fieldChanges(since old: Fingerprint) -> Patch {
    var patch = Patch()
    Self.patchFields.withUnsafeBufferPointer { fields in
      old.marks.withUnsafeBufferPointer { marks in
        for index in 0..<min(fields.count, marks.count) { fields[index].diff(self, marks[index], &patch) }
      }
    }
    return patch
  }

  /// The same operations, one by one.
  public func patch(since old: Fingerprint) -> [PatchOperation] { changes(since: old).operations }
}

/// One field of a ``PatchableState``.
public struct PatchField<Root>: Sendable {
  public let name: String
  let json: @Sendable (Root) -> JSONValue
  let mark: @Sendable (Root) -> FieldMark
  let diff: @Sendable (Root, FieldMark, inout Patch) -> Void

  init(
    name: String, json: @escaping @Sendable (Root) -> JSONValue, mark: @escaping @Sendable (Root) -> FieldMark,
    diff: @escaping @Sendable (Root, FieldMark, inout Patch) -> Void
  ) {
    self.name = name
    self.json = json
    self.mark = mark
    self.diff = diff
  }

  /// A field compared by value; a change is one `replace` of the field.
  ///
  /// `read` is usually a key path literal (`\.query`); as a function it is a direct field
  /// access, where projecting a `KeyPath` value costs about a hundred times more.
  public static func value<Value: JSONRepresentable>(
    _ name: String, _ read: @escaping @Sendable (Root) -> Value
  ) -> PatchField {
    let path = PatchPath("/" + PatchOperation.escapeToken(name))
    return PatchField(
      name: name,
      json: { read($0).jsonValue },
      mark: { .value(read($0).jsonValue) },
      diff: { root, mark, patch in
        guard case .value(let old) = mark else { return }
        let new = read(root).jsonValue
        if new != old { patch.append(replacing: path, with: new, was: old) }
      })
  }

  /// A list field; appends become `add` operations at `/name/-` (one run of them in the
  /// `Patch`), anything else one `replace` of the list (its elements kept as a run too).
  public static func list<Element: JSONRepresentable & Sendable>(
    _ name: String, _ read: @escaping @Sendable (Root) -> TrackedArray<Element>
  ) -> PatchField {
    let pointer = "/" + PatchOperation.escapeToken(name)
    let path = PatchPath(pointer)
    let end = PatchPath(pointer + "/-")
    return PatchField(
      name: name,
      json: { read($0).jsonValue },
      mark: { root in
        let list = read(root)
        return .list(identity: list.identity, count: list.count)
      },
      diff: { root, mark, patch in
        guard case .list(let identity, let count) = mark else { return }
        patch.appendChanges(of: read(root), at: path, end: end, since: identity, count: count)
      })
  }
}
