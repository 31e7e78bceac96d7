import CommandLanguage
import FeatureKit
import GitHubClient
import ReactorCore
import ReactorJSON
import Rendering

// MARK: - `limits`, the rate-limit part of `state`, and `sort` / `order`

extension Session {
  /// The name of the rate-limit budget in `state` and in `limits`' JSON record.
  package static let rateLimitFeature = "rateLimit"

  /// `{"core":{...},...}`: the latest budget of each resource GitHub reported.
  var rateLimitJSON: JSONValue {
    .object(JSONObject(configuration.client.rateLimits().map { ($0.resource, $0.jsonValue) }))
  }

  /// `limits`: the budget per resource, and where the token came from.
  func limits(sink: TaggingSink) -> StoreTask.Completion {
    if configuration.options.mode == .json {
      let source: JSONValue = configuration.tokenSource.map { .string($0) } ?? .null
      sink.write([
        records.record([
          "type": .string("state"), "feature": .string(Self.rateLimitFeature), "state": rateLimitJSON,
          "tokenSource": source,
        ])
      ])
      return .ok
    }
    var lines: [String] = []
    if let credentials = configuration.credentials { lines.append(credentials) }
    let budgets = configuration.client.rateLimits()
    if budgets.isEmpty {
      // The sample never answers with a budget: "yet" would promise one.
      lines.append(
        configuration.dataNote == nil
          ? "no rate-limit budget yet: GitHub states it with every response"
          : "no rate limit: the offline sample answers without GitHub")
    }
    let now = configuration.time.now()
    for budget in budgets {
      lines.append(
        "\(budget.resource): \(budget.remaining) of \(budget.limit) requests left, resets at \(budget.resetAt) "
          + "(in \(budget.resetsIn(now: now)) s)"
          + (budget.remaining == 0 ? ", used up" : budget.isLow ? ", nearly used up" : ""))
    }
    sink.write(lines.map { records.info($0) })
    return .ok
  }
}
