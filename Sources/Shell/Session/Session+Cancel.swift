import CommandLanguage
import FeatureKit
import ReactorCore
import ReactorJSON
import Rendering

// MARK: - The `cancel` handler

extension Session {
  /// `cancel`: everything in flight, or the request tagged `target` (a daemon id).
  /// Only that request's effects stop; a feature's state is reset (its `cancel` action, tagged
  /// with this command's own id) only when nothing else of that feature is still running.
  func cancel(_ target: String?, tag ownTag: JSONValue?, sink: TaggingSink) -> StoreTask.Completion {
    guard let target else {
      cancelAll(by: "cancel")
      return .ok
    }
    var found = false
    for tag in Self.tags(matching: target) {
      for view in views.made where view.cancel(tag: tag, by: ownTag) { found = true }
      if sleeps.cancel(where: { $0 == tag }) { found = true }
    }
    if !found {
      sink.write([records.error(code: "not-found", message: "cancel: no request '\(target)' is in flight")])
      return .error
    }
    return .ok
  }

  /// The tags a `cancel` argument may mean: the string, and the number if it is one.
  static func tags(matching text: String) -> [JSONValue] {
    [.string(text)] + (Int(text).map { [.int($0)] } ?? []) + (Double(text).map { [.double($0)] } ?? [])
  }
}
