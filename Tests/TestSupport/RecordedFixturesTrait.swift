public import Testing

extension Trait where Self == ConditionTrait {
  /// Runs a test only when the recorded GitHub fixtures are there (``RecordedFixtures/directory``:
  /// `../shared/fixtures/github-recorded` beside the package root, or `REACTOR_FIXTURES_DIR`).
  /// Without them the test is skipped, and the run's summary counts it and says why, instead of
  /// a test that returns early passing.
  public static var needsRecordedFixtures: Self {
    .enabled(if: RecordedFixtures.directory != nil, Comment(rawValue: RecordedFixtures.missingMessage))
  }
}
