/// The offline sample's answer to the `sort` and `order` parameters: stars or forks, most or
/// fewest first. The sample records neither update times nor issues, so `updated`,
/// `help-wanted-issues` and best match keep its relevance order, most stars first.
struct SampleOrder: Sendable {
  private let byForks: Bool
  private let ascending: Bool

  init(sort: String?, order: String?) {
    byForks = sort == "forks"
    // GitHub ignores `order` without a `sort` it applies to.
    ascending = (sort == "stars" || sort == "forks") && order == "asc"
  }

  /// Whether `a` comes before `b`; ties go by name, so pages never shift.
  func precedes(_ a: IndexedRepository, _ b: IndexedRepository) -> Bool {
    let (x, y) = byForks ? (a.repository.forksCount ?? 0, b.repository.forksCount ?? 0) : (a.stars, b.stars)
    guard x != y else { return a.fullName < b.fullName }
    return ascending ? x < y : x > y
  }
}
