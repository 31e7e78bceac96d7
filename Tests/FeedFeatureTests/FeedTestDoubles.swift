import GitHubClient
import ReactorCore
import ReactorTesting

// A stand-in for GitHub's /events, and events to fill it with.

/// Events numbered by id, newest (highest) first; `createdAt` grows with the id.
func events(_ ids: some Sequence<Int>) -> [Event] {
  ids.map { id in
    Event(
      id: String(id), type: "PushEvent", actor: "user\(id)", repository: "owner/repo\(id)",
      createdAt: 1_700_000_000 + Double(id), detail: "main")
  }
}

/// A fake `/events` endpoint: answers from a table the test may change, optionally waits for
/// a gate on a given page, and records every request with the ETag it carried.
final class EventsEndpoint: Sendable {
  struct Request: Equatable {
    var page: Int
    var perPage: Int
    var etag: String?
  }

  private let answers: Locked<[Int: Result<EventsResult, GitHubError>]>
  private let gates = Locked<[Int: AsyncGate]>([:])
  let requests = Recorder<Request>()

  init(_ answers: [Int: Result<EventsResult, GitHubError>] = [:]) { self.answers = Locked(answers) }

  /// Serves `result` for `page` from now on.
  func answer(_ page: Int, _ result: Result<EventsResult, GitHubError>) { answers.withLock { $0[page] = result } }

  /// Holds requests for `page` until the returned gate opens.
  func hold(_ page: Int) -> AsyncGate {
    let gate = AsyncGate()
    gates.withLock { $0[page] = gate }
    return gate
  }

  var client: GitHubClient {
    GitHubClient(
      searchRepositories: { _, _, _ in throw GitHubError.transport("search is not used here") },
      events: { [self] page, perPage, etag in
        requests.append(Request(page: page, perPage: perPage, etag: etag))
        if let gate = gates.withLock({ $0[page] }) { await gate.wait() }
        guard let answer = answers.withLock({ $0[page] }) else { throw GitHubError.notFound("page \(page)") }
        return try answer.get()
      })
  }
}
