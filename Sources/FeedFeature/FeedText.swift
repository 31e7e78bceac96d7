package import GitHubClient
package import ReactorCore
package import Rendering

/// Text and NDJSON rendering of event-feed transitions.
///
/// Contract: the JSON mode prints the change record and, for a failed request, an error record.
/// The text mode prints `+ 30 events (1-30)` and one numbered line per new event,
/// `  12. torvalds pushed to torvalds/linux · 3 min ago`, with every network string
/// sanitized; ages are measured against the injected `now`, so replays print the same text.
package struct FeedText: Sendable {
  package let records: Records
  let now: @Sendable () -> Double
  var options: RenderOptions { records.options }
  var style: Style { records.style }

  /// - Parameter now: seconds since 1970, for "3 min ago" (the session's clock).
  package init(options: RenderOptions, now: @escaping @Sendable () -> Double) {
    records = Records(options: options)
    self.now = now
  }

  /// The lines for one transition, given the state after it.
  package func render(_ transition: StateTransition<FeedReactor>, state: FeedState) -> [OutputLine] {
    guard let mutation = transition.mutation else {
      return records.restore(feature: "feed", seq: transition.seq, patch: transition.changes) {
        if state.items.isEmpty { return [OutputLine(.out, "feed restored: no events")] }
        return [OutputLine(.out, "feed restored: \(state.items.count) events (1-\(state.items.count))")]
          + list(state, from: 0, count: state.items.count)
      }
    }
    if options.mode == .json {
      let failure = if case .setError = mutation { state.error } else { GitHubFailure?.none }
      return records.transition(
        feature: "feed", seq: transition.seq, action: transition.action?.caseName,
        mutation: mutation.caseName, patch: transition.changes, failure: failure.map { ($0.code, $0.message) })
    }
    switch mutation {
    case .setEvents:
      if state.items.isEmpty { return [OutputLine(.out, "no events")] }
      return [OutputLine(.out, "+ \(state.items.count) events (1-\(state.items.count))")]
        + list(state, from: 0, count: state.items.count)
    case .appendEvents:
      // Duplicates were dropped, so the page's size is not the number shown.
      let added = transition.changes.count(at: "/items/-")
      if added == 0 { return [OutputLine(.out, "no new events on this page (all already shown)")] }
      let end = state.items.count
      let start = end - added
      return [OutputLine(.out, "+ \(added) events (\(start + 1)-\(end))")] + list(state, from: start, count: added)
    case .setNotModified:
      return [OutputLine(.out, "no new events")]
    case .setError:
      return state.error.map { [records.error(code: $0.code, message: $0.message, feature: "feed")] } ?? []
    case .setIdle:
      return [OutputLine(.out, "feed loading cancelled")]
    case .setRefreshing, .setLoadingMore:
      return []
    }
  }

  // MARK: - Lines

  /// Numbered event lines `start+1 ... start+count`.
  package func list(_ state: FeedState, from start: Int, count: Int) -> [OutputLine] {
    let now = now()
    let numberWidth = Self.numberWidth(count: state.items.count)
    let end = min(start + count, state.items.count)
    return (start..<max(start, end)).map { index in
      let event = state.items[index]
      let label = Self.label(number: index + 1, width: numberWidth)
      let age = " · " + Self.age(of: event, now: now)
      let room = options.width - TerminalText.width(label) - 1 - TerminalText.width(age)
      let summary = TerminalText.truncate(Self.summary(of: event), to: max(20, room))
      return OutputLine(.out, "\(style.dim(label)) \(summary)\(style.dim(age))")
    }
  }

  /// The columns an event's number takes when `count` events are listed, so the numbers line up.
  package static func numberWidth(count: Int) -> Int { max(4, String(count).count + 1) }

  /// `  12.`: the event's number, right-aligned in `width` columns, and its dot.
  package static func label(number: Int, width: Int) -> String {
    let digits = String(number)
    return String(repeating: " ", count: max(0, width - digits.count)) + digits + "."
  }

  /// `torvalds pushed to torvalds/linux`: who did what where, sanitized.
  package static func summary(of event: Event) -> String {
    let actor = TerminalText.sanitize(event.actor, keepTab: false)
    let repository = TerminalText.sanitize(event.repository, keepTab: false)
    let detail = event.detail.map { TerminalText.sanitize($0, keepTab: false) }.flatMap { $0.isEmpty ? nil : $0 }
    let quoted = detail.map { ": \"\($0)\"" } ?? ""
    let what: String
    switch event.type {
    case "PushEvent": what = "pushed to \(repository)"
    case "WatchEvent": what = "starred \(repository)"
    case "ForkEvent": what = "forked \(repository)" + (detail.map { " to \($0)" } ?? "")
    case "CreateEvent" where detail == "repository" || detail == nil: what = "created repository \(repository)"
    case "CreateEvent": what = "created \(detail ?? "") in \(repository)"
    case "DeleteEvent": what = "deleted \(detail ?? "a ref") in \(repository)"
    case "IssuesEvent": what = "updated an issue in \(repository)" + quoted
    case "IssueCommentEvent": what = "commented on an issue in \(repository)" + quoted
    case "PullRequestEvent": what = "updated a pull request in \(repository)" + quoted
    case "PullRequestReviewEvent", "PullRequestReviewCommentEvent":
      what = "reviewed a pull request in \(repository)" + quoted
    case "ReleaseEvent": what = "released \(detail.map { "\"\($0)\" of " } ?? "")\(repository)"
    case "PublicEvent": what = "made \(repository) public"
    case "MemberEvent": what = "became a member of \(repository)"
    default: what = "\(TerminalText.sanitize(event.type, keepTab: false)) in \(repository)" + quoted
    }
    return "\(actor) \(what)"
  }

  /// "just now" under 10 s, then "N s ago", "N min ago", "N h ago", "N d ago".
  package static func age(of event: Event, now: Double) -> String {
    let delta = now - event.createdAt
    guard delta.isFinite else { return "just now" }
    let seconds = Int(min(delta, 1e15).rounded(.down))
    switch seconds {
    case ..<10: return "just now"
    case ..<60: return "\(seconds) s ago"
    case ..<3600: return "\(seconds / 60) min ago"
    case ..<86_400: return "\(seconds / 3600) h ago"
    default: return "\(seconds / 86_400) d ago"
    }
  }

  /// When (seconds since 1970) ``age(of:now:)`` next says something else for `event`: at 10 s,
  /// then each second, minute, hour or day as the age is counted in; nil when it never changes.
  package static func ageChanges(of event: Event, now: Double) -> Double? {
    let delta = now - event.createdAt
    guard delta.isFinite, delta < 1e15 else { return nil }
    let seconds = Int(delta.rounded(.down))
    let next: Int
    switch seconds {
    case ..<10: next = 10
    case ..<60: next = seconds + 1
    case ..<3600: next = (seconds / 60 + 1) * 60
    case ..<86_400: next = (seconds / 3600 + 1) * 3600
    default: next = (seconds / 86_400 + 1) * 86_400
    }
    return event.createdAt + Double(next)
  }
}
