import Foundation
import TestSupport
import Testing

/// Signup and the event feed through the built binary, against the real recordings.
@Suite("reactor binary: signup and feed")
struct SignupFeedTests {
  @Test("signup nvie ... against the recorded 200 says the name is taken and does not submit", .needsRecordedFixtures)
  func taken() async throws {
    let server = try RecordedAPITests.server("NamedUser.testAttributesOfOtherUser.txt")
    defer { server.stop() }
    let result = try await ReactorBinary.run(
      ["--api-url", server.baseURL, "--signup-latency", "0"], input: "signup nvie hunter22 hunter22\n")
    #expect(result.stdout.contains(#"username: "nvie" — Username already taken"#))
    #expect(result.stderr.contains("error: line 1: cannot submit: username is taken"))
    #expect(!result.stdout.contains("submitting"))
    #expect(result.status == 1)
    #expect(server.requests.map(\.pathAndQuery) == ["/users/nvie"])
  }

  @Test("a fresh name (recorded 404) with a 4-character password says why it cannot submit", .needsRecordedFixtures)
  func shortPassword() async throws {
    let server = try RecordedAPITests.server("Exceptions.testUnknownUser.txt")
    defer { server.stop() }
    let result = try await ReactorBinary.run(["--api-url", server.baseURL], input: "signup freshname abcd abcd\n")
    #expect(result.stdout.contains("Username available"))
    #expect(result.stderr.contains("error: line 1: cannot submit: password must be at least 5 characters"))
    #expect(result.status == 1)
  }

  @Test("a rate-limited availability check is shown as such, never as taken", .needsRecordedFixtures)
  func rateLimitedCheck() async throws {
    let server = try RecordedAPITests.server("SpecificExceptions.testRateLimitExceeded.txt", exchange: 1)
    defer { server.stop() }
    let result = try await ReactorBinary.run(["--api-url", server.baseURL], input: "username octocat\n")
    #expect(result.stderr.contains("Could not check availability: GitHub rate limit reached"))
    #expect(!result.stdout.contains("taken"))
  }

  @Test(
    "refresh then more shows both pages in order with no duplicate ids; refresh sends the ETag", .needsRecordedFixtures)
  func feedPaging() async throws {
    let recorded = try RecordedFixtures.load("Github.testGetEvents.txt")[0]
    let first = try JSONSerialization.jsonObject(with: recorded.body) as! [[String: Any]]
    // Page 2 repeats the last five events of page 1 (events shift as new ones arrive), then
    // has ten of its own.
    let own = (0..<10).map { index -> [String: Any] in
      var event = first[index]
      event["id"] = "9\(index)"
      return event
    }
    let second = Array(first.suffix(5)) + own
    let page2 = try JSONSerialization.data(withJSONObject: second)
    let etag = recorded.responseHeader("ETag")!
    let server = try LoopbackServer(makeHandler: { baseURL in
      { request in
        if request.pathAndQuery.contains("page=2") {
          return LoopbackResponse(status: 200, headers: [("Content-Type", "application/json")], body: page2)
        }
        if request.headers["if-none-match"] == etag { return LoopbackResponse(status: 304, headers: [("ETag", etag)]) }
        return .recorded(recorded, baseURL: baseURL)
      }
    })
    defer { server.stop() }
    let result = try await ReactorBinary.run(
      ["--api-url", server.baseURL, "--json"], input: "refresh\nmore\nrefresh\nstate feed\n")
    #expect(result.status == 0)
    let records = try jsonLines(result.stdout)
    let state = try #require(records.last { $0["type"] as? String == "state" }?["state"] as? [String: Any])
    let ids = (state["items"] as! [[String: Any]]).map { $0["id"] as! String }
    #expect(ids == first.map { $0["id"] as! String } + own.map { $0["id"] as! String })
    #expect(Set(ids).count == ids.count)
    #expect(records.contains { $0["mutation"] as? String == "setNotModified" })
    #expect(server.requests.last?.headers["if-none-match"] == etag)
  }

  @Test("no typed password appears in anything a recorded session writes")
  func passwordsNeverWritten() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "reactor-secrets-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let passwords = ["Sup3rSecretPw", "An0therSecret", "tiny"]
    let script = """
      signup zz9newbie \(passwords[0]) \(passwords[0])
      password \(passwords[1])
      repeat \(passwords[1])
      password \(passwords[2])
      submit
      state
      signup 'bad name' \(passwords[0]) \(passwords[1])
      passwrd \(passwords[0])
      """ + "\n"
    let transcript = directory.appendingPathComponent("s.t").path
    for mode in [["--record", transcript], ["--json", "--record", transcript + "j"]] {
      let result = try await ReactorBinary.run(
        ["--offline", "--seed", "1", "--signup-latency", "0"] + mode, input: script,
        environment: ["HOME": directory.path, "XDG_STATE_HOME": directory.path])
      for password in passwords {
        #expect(!result.stdout.contains(password), "stdout holds a password")
        #expect(!result.stderr.contains(password), "stderr holds a password")
      }
    }
    let replay = try await ReactorBinary.run(["replay", transcript, transcript + "j"])
    #expect(replay.lines.last == "2 passed, 0 failed")
    for case let file as String in FileManager.default.enumerator(atPath: directory.path)?.allObjects ?? [] {
      let text = String(
        decoding: (try? Data(contentsOf: directory.appendingPathComponent(file))) ?? Data(), as: UTF8.self)
      for password in passwords { #expect(!text.contains(password), "\(file) holds a password") }
    }
  }
}
