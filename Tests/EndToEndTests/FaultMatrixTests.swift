import Foundation
import TestSupport
import Testing

// The network fault matrix: the built binary against a loopback server that misbehaves in every
// way the issue "Hardening" lists. For each row, in text and in --json mode: a clear error
// (the exact line on standard error, the `code` of the NDJSON error record), the documented exit
// status and not a signal, no hang, and the next command still works.
//
// "No hang" is bounded by what reactor controls, not by the wall clock: the number of requests
// the server saw (no retry loop), and `--timeout`, which the stalling rows must run into (the
// server stalls for an hour, so only the timeout ends the run). A wall bound remains only to
// tell a hang from a run, far above what a slow run takes on a loaded machine.

/// One row of the matrix: what the server does and what the user must see.
struct FaultRow: Sendable, CustomTestStringConvertible {
  var name: String
  /// What the server does, for the report.
  var serverDoes: String
  /// `--timeout` in seconds: one where the row tests the timeout, else a minute, which no
  /// answer of a loopback server takes even on a loaded machine under a sanitizer (the 100 MB
  /// bodies' size limit must win however slowly they download).
  var timeout = 60
  /// The requests the server(s) must see: one, reactor never retries on its own; a redirect
  /// loop is followed `CurlTransport.maxRedirects` (10) times after the first. Nil where no
  /// server listens.
  var requests: Int? = 1
  /// The error message the user must see (one of these, for messages with a computed wait).
  var messages: [String]
  var code: String
  /// Starts the server(s) and returns the `--api-url` to use.
  var start: @Sendable () throws -> FaultFixture

  var testDescription: String { name }

  /// The exit status reactor(1)'s EXIT STATUS table gives this row's failure: 4 for GitHub
  /// refusing the credentials, 5 for a rate limit, 1 for a query GitHub rejected as invalid
  /// (the input's fault), 3 for every other GitHub or network failure.
  var exitStatus: Int32 {
    switch code {
    case "unauthorized", "forbidden": 4
    case "rate-limited", "secondary-rate-limited": 5
    case "validation-failed", "not-found": 1
    default: 3
    }
  }

  init(
    _ name: String, _ serverDoes: String, timeout: Int = 60, requests: Int? = 1, message: String, code: String,
    start: @escaping @Sendable () throws -> FaultFixture
  ) {
    self.init(name, serverDoes, timeout: timeout, requests: requests, messages: [message], code: code, start: start)
  }

  init(
    _ name: String, _ serverDoes: String, timeout: Int = 60, requests: Int? = 1, messages: [String], code: String,
    start: @escaping @Sendable () throws -> FaultFixture
  ) {
    self.name = name
    self.serverDoes = serverDoes
    self.timeout = timeout
    self.requests = requests
    self.messages = messages
    self.code = code
    self.start = start
  }
}

/// The servers of one row, kept alive while the binary runs.
struct FaultFixture: Sendable {
  var apiURL: String
  var servers: [LoopbackServer] = []
  /// A port kept refusing connections until the row ends.
  var refusing: RefusingPort?
  /// The expected message when it depends on the fixture (a port number), overriding the row's.
  var message: String?

  /// The requests every server of the fixture saw.
  var requestCount: Int { servers.reduce(0) { $0 + $1.requests.count } }

  /// One server answering every request with `respond`.
  static func serving(_ respond: @escaping @Sendable (LoopbackRequest) -> LoopbackResponse) throws -> FaultFixture {
    let server = try LoopbackServer(handler: respond)
    return FaultFixture(apiURL: server.baseURL, servers: [server])
  }

  func stop() {
    for server in servers { server.stop() }
    refusing?.close()
  }
}

enum FaultBodies {
  static let repository =
    #"{"id":1,"full_name":"apple/swift","description":"The Swift Programming Language","stargazers_count":67100,"language":"C++","html_url":"https://github.com/apple/swift"}"#
  static let search = #"{"total_count":1,"incomplete_results":false,"items":[\#(repository)]}"#
  static let json = [("Content-Type", "application/json; charset=utf-8")]
  static let html = """
    <!DOCTYPE html><html><head><title>Unicorn! · GitHub</title></head>\
    <body><h1>No server is currently available to service your request.</h1></body></html>
    """
}

extension FaultRow {
  static let tooLarge = "GitHub's response was larger than 10 MB and was refused."
  static let hundredMB = 100 * 1_000_000

  static let all: [FaultRow] = [
    FaultRow(
      "refused", "nothing listens on the port (connection refused)", requests: nil,
      message: "Could not reach GitHub: could not connect to 127.0.0.1:PORT.", code: "offline",
      start: {
        let port = try RefusingPort()
        return FaultFixture(
          apiURL: port.baseURL, refusing: port,
          message: "Could not reach GitHub: could not connect to 127.0.0.1:\(port.port).")
      }),
    FaultRow(
      "reset-before-response", "reads the request, then resets (RST) before answering",
      message: "Could not reach GitHub: the connection was lost.", code: "offline",
      start: { try .serving { _ in .faulty(.resetBeforeResponse) } }),
    FaultRow(
      "close-before-response", "reads the request, then closes cleanly (FIN) without answering",
      message: "Could not reach GitHub: the server sent no valid HTTP answer.", code: "offline",
      start: { try .serving { _ in .faulty(.closeBeforeResponse) } }),
    FaultRow(
      "reset-mid-body", "200, Content-Length 4 kB, sends 1000 bytes of JSON, then RST (SO_LINGER 0)",
      message: "Could not reach GitHub: the connection was lost.", code: "offline",
      start: {
        let body = Data((FaultBodies.search + String(repeating: " ", count: 4000)).utf8)
        return try .serving { _ in .faulty(.resetAfter(bodyBytes: 1000), headers: FaultBodies.json, body: body) }
      }),
    FaultRow(
      "close-mid-body", "200, Content-Length 4 kB, sends 1000 bytes of JSON, then closes cleanly (FIN)",
      message: "Could not reach GitHub: the connection was lost.", code: "offline",
      start: {
        let body = Data((FaultBodies.search + String(repeating: " ", count: 4000)).utf8)
        return try .serving { _ in .faulty(.closeAfter(bodyBytes: 1000), headers: FaultBodies.json, body: body) }
      }),
    FaultRow(
      "stall-before-headers", "accepts, reads the request, never answers (--timeout 1)", timeout: 1,
      message: "GitHub did not answer within 1 s; try again, or allow longer with --timeout.", code: "timeout",
      start: { try .serving { _ in LoopbackResponse(status: 200, body: Data("{}".utf8), delay: .seconds(3600)) } }),
    FaultRow(
      "stall-mid-body", "200 and headers, 100 bytes of the body, then silence (--timeout 1)", timeout: 1,
      message: "GitHub did not answer within 1 s; try again, or allow longer with --timeout.", code: "timeout",
      start: {
        let body = Data((FaultBodies.search + String(repeating: " ", count: 4000)).utf8)
        return try .serving { _ in .faulty(.stallAfter(bodyBytes: 100), headers: FaultBodies.json, body: body) }
      }),
    FaultRow(
      "truncated-json", "200, a complete HTTP message whose JSON stops half-way",
      message: "GitHub sent a response that is not the expected JSON (not valid JSON).", code: "invalid-response",
      start: {
        let text = String(FaultBodies.search.prefix(90))
        return try .serving { _ in .json(200, text) }
      }),
    FaultRow(
      "invalid-json", "200 with application/json that is not JSON (`{total_count: 1, items: [}`)",
      message: "GitHub sent a response that is not the expected JSON (not valid JSON).", code: "invalid-response",
      start: { try .serving { _ in .json(200, "{total_count: 1, items: [}") } }),
    FaultRow(
      "html-200", "200 with an HTML page (a captive portal)",
      message: "GitHub sent a response that is not the expected JSON (not valid JSON).", code: "invalid-response",
      start: {
        try .serving { _ in
          LoopbackResponse(status: 200, headers: [("Content-Type", "text/html")], body: Data(FaultBodies.html.utf8))
        }
      }),
    FaultRow(
      "invalid-utf8", "200, JSON whose full_name holds the bytes FF FE (not UTF-8)",
      message: "GitHub sent a response that is not the expected JSON (not valid JSON).", code: "invalid-response",
      start: {
        let parts = FaultBodies.search.components(separatedBy: "apple/swift\"")
        var body = Data(parts[0].utf8)
        body.append(contentsOf: Array("apple/sw".utf8) + [0xFF, 0xFE] + Array("ift\"".utf8))
        body.append(Data(parts[1...].joined(separator: "apple/swift\"").utf8))
        let bytes = body
        return try .serving { _ in LoopbackResponse(status: 200, headers: FaultBodies.json, body: bytes) }
      }),
    FaultRow(
      "100MB-content-length", "200, Content-Length 100 MB, body streamed in 64 KiB slices",
      message: tooLarge, code: "response-too-large",
      start: {
        let stream = LoopbackStream(length: hundredMB, prefix: #"{"total_count":1,"items":[],"pad":""#)
        return try .serving { _ in .streamed(stream, headers: FaultBodies.json) }
      }),
    FaultRow(
      "100MB-chunked", "200, Transfer-Encoding chunked, 100 MB (no length up front)",
      message: tooLarge, code: "response-too-large",
      start: {
        let stream = LoopbackStream(
          length: hundredMB, prefix: #"{"total_count":1,"items":[],"pad":""#, framing: .chunked)
        return try .serving { _ in .streamed(stream, headers: FaultBodies.json) }
      }),
    FaultRow(
      "100MB-until-close", "200, no length, 100 MB ended by closing the connection",
      message: tooLarge, code: "response-too-large",
      start: {
        let stream = LoopbackStream(
          length: hundredMB, prefix: #"{"total_count":1,"items":[],"pad":""#, framing: .untilClose)
        return try .serving { _ in .streamed(stream, headers: FaultBodies.json) }
      }),
    FaultRow(
      "redirect-loop", "302 to itself, forever", requests: 11,
      message: "Could not reach GitHub: too many redirects.", code: "offline",
      start: {
        try FaultFixture.serving { request in
          LoopbackResponse(status: 302, headers: [("Location", request.pathAndQuery)])
        }
      }),
    FaultRow(
      "304", "304 Not Modified to an unconditional search",
      message: "GitHub answered HTTP 304.", code: "http-error",
      start: { try .serving { _ in LoopbackResponse(status: 304, headers: [("ETag", #"W/"v1""#)]) } }),
    FaultRow(
      "401", #"401 {"message":"Bad credentials"}"#,
      message: "GitHub requires a token for this (Bad credentials). Set GH_TOKEN or GITHUB_TOKEN.",
      code: "unauthorized",
      start: {
        try .serving { _ in
          .json(401, #"{"message":"Bad credentials","documentation_url":"https://docs.github.com/rest"}"#)
        }
      }),
    FaultRow(
      "403-primary-limit", "403, x-ratelimit-remaining 0, x-ratelimit-reset now+120",
      messages: (115...120).map { "GitHub rate limit reached; resets in \($0) s. Set GH_TOKEN for a higher limit." },
      code: "rate-limited",
      start: {
        try .serving { _ in
          let reset = Int(Date().timeIntervalSince1970) + 120
          return .json(
            403, #"{"message":"API rate limit exceeded for 127.0.0.1."}"#,
            headers: [("x-ratelimit-limit", "60"), ("x-ratelimit-remaining", "0"), ("x-ratelimit-reset", "\(reset)")])
        }
      }),
    FaultRow(
      "403-retry-after", "403, Retry-After: 37 (secondary limit)",
      message: "GitHub secondary rate limit reached; retry in 37 s.", code: "secondary-rate-limited",
      start: {
        try .serving { _ in
          .json(403, #"{"message":"You have exceeded a secondary rate limit."}"#, headers: [("Retry-After", "37")])
        }
      }),
    FaultRow(
      "429-retry-after", "429, Retry-After: 5",
      message: "GitHub secondary rate limit reached; retry in 5 s.", code: "secondary-rate-limited",
      start: { try .serving { _ in .json(429, #"{"message":"Too Many Requests"}"#, headers: [("Retry-After", "5")]) } }),
    FaultRow(
      "422", "422 with GitHub's error JSON (message + errors[])",
      message: "GitHub rejected the query: Validation Failed: q missing.", code: "validation-failed",
      start: {
        try .serving { _ in
          .json(
            422,
            #"{"message":"Validation Failed","errors":[{"resource":"Search","field":"q","code":"missing"}],"documentation_url":"https://docs.github.com/v3/search"}"#
          )
        }
      }),
    FaultRow(
      "500", "500 with an empty body",
      message: "GitHub had a server error (HTTP 500); try again later.", code: "server-error",
      start: { try .serving { _ in LoopbackResponse(status: 500) } }),
    FaultRow(
      "502", #"502 {"message":"Server Error"}"#,
      message: "GitHub had a server error (HTTP 502): Server Error.", code: "server-error",
      start: { try .serving { _ in .json(502, #"{"message":"Server Error"}"#) } }),
    FaultRow(
      "503-html", "503 with an HTML page",
      message: "GitHub had a server error (HTTP 503); try again later.", code: "server-error",
      start: {
        try .serving { _ in
          LoopbackResponse(status: 503, headers: [("Content-Type", "text/html")], body: Data(FaultBodies.html.utf8))
        }
      }),
  ]
}

/// Prints one line of the matrix for the report.
private func report(_ row: FaultRow, _ mode: String, _ result: FaultMatrixProcess.Result, _ shown: String) {
  let seconds = Double(result.elapsed.components.seconds) + Double(result.elapsed.components.attoseconds) / 1e18
  let rss = result.peakRSSKiB.map { "\($0 / 1024) MiB" } ?? "?"
  print("FAULT-MATRIX\t\(row.name)\t\(mode)\t\(shown)\t\(String(format: "%.2f", seconds)) s\tpeak RSS \(rss)")
}

@Suite("reactor binary: network fault matrix")
struct FaultMatrixTests {
  static let input = "query swift\nhelp next\n"
  /// Only a hang runs this long (of the test's looking, see ``Patience``). A run is a process
  /// start, one request (answered, refused or timed out after 1 s) and two lines of output:
  /// seconds on a 2-core machine loaded by builds beside the suite (18 s was seen, and 60 s
  /// of a starved test process), longer under a sanitizer. The stalling servers hold out for
  /// an hour.
  static let hangLimit = TimingSlack.seconds(120)
  /// The peak RSS allowed while refusing a 100 MB body: well below the body itself. Sanitizers
  /// multiply memory use, AddressSanitizer's about twice (the strace audit runs its build), so
  /// each build has its bound, below what a body kept whole would reach there; ThreadSanitizer's
  /// shadow memory leaves only a loose bound.
  static let rssLimitKiB =
    switch SanitizerRun.kind {
    case nil: 60 * 1024
    case "address", "strace": 120 * 1024
    default: 600 * 1024
    }

  @Test(
    "text mode: the exact error on stderr with its line, the documented status, no hang, the next command works",
    arguments: FaultRow.all)
  func text(row: FaultRow) async throws {
    let fixture = try row.start()
    defer { fixture.stop() }
    let result = try await FaultMatrixProcess.run(
      ["--api-url", fixture.apiURL, "--timeout", "\(row.timeout)"], input: Self.input, marker: "usage: next [<n>|all]")
    let stderr = result.stderrText
    report(row, "text", result, stderr.trimmingCharacters(in: .newlines))
    let messages = fixture.message.map { [$0] } ?? row.messages
    #expect(!result.signaled, "ended by signal \(result.status)")
    #expect(result.status == row.exitStatus)
    #expect(messages.map { "error: line 1: " + $0 + "\n" }.contains(stderr), "stderr was: \(stderr)")
    #expect(!result.killed, "a hang: killed after \(Self.hangLimit) of looking")
    #expect(fixture.requestCount == row.requests ?? 0, "the server saw \(fixture.requestCount) requests")
    #expect(result.stdoutText.contains("usage: next [<n>|all]\n"), "stdout was: \(result.stdoutText)")
    #expect(result.stdoutText.hasPrefix(#"query: "swift""#))
    if row.name.hasPrefix("100MB"), let peak = result.peakRSSKiB {
      #expect(peak < Self.rssLimitKiB, "peak RSS \(peak) KiB")
    }
  }

  @Test(
    "--json: valid NDJSON, the error record's code and line, the documented status, no hang, the next command works",
    arguments: FaultRow.all)
  func json(row: FaultRow) async throws {
    let fixture = try row.start()
    defer { fixture.stop() }
    let result = try await FaultMatrixProcess.run(
      ["--api-url", fixture.apiURL, "--timeout", "\(row.timeout)", "--json"], input: Self.input,
      marker: #""type":"help""#)
    let records = try jsonLines(result.stdoutText)
    let errors = records.filter { $0["type"] as? String == "error" }
    report(row, "json", result, (errors.first?["code"] as? String) ?? "<no error record>")
    let messages = fixture.message.map { [$0] } ?? row.messages
    #expect(!result.signaled)
    #expect(result.status == row.exitStatus)
    #expect(!result.killed, "a hang: killed after \(Self.hangLimit) of looking")
    #expect(fixture.requestCount == row.requests ?? 0, "the server saw \(fixture.requestCount) requests")
    #expect(errors.count == 1)
    #expect(errors.first?["code"] as? String == row.code)
    #expect(errors.first?["line"] as? Int == 1)
    #expect(messages.contains(errors.first?["message"] as? String ?? ""), "error was: \(errors)")
    #expect(records.last?["type"] as? String == "help")
    #expect(result.stderr.isEmpty, "stderr was: \(result.stderrText)")
    if row.name.hasPrefix("100MB"), let peak = result.peakRSSKiB {
      #expect(peak < Self.rssLimitKiB, "peak RSS \(peak) KiB")
    }
  }
}

// MARK: - Redirects

@Suite("reactor binary: redirects")
struct FaultMatrixRedirectTests {
  static let token = "ghp_faultMatrixRedirect0123456789"

  /// A 301 to another path on the same server is followed and keeps the token.
  @Test func sameOriginRedirectIsFollowedWithTheToken() async throws {
    let server = try LoopbackServer { request in
      if request.pathAndQuery.hasPrefix("/moved/") { return .json(200, FaultBodies.search) }
      return LoopbackResponse(status: 301, headers: [("Location", "/moved" + request.pathAndQuery)])
    }
    defer { server.stop() }
    let result = try await FaultMatrixProcess.run(
      ["--api-url", server.baseURL, "--timeout", "60"], input: FaultMatrixTests.input, marker: "usage: next [<n>|all]",
      environment: ["GH_TOKEN": Self.token])
    #expect(result.status == 0 && !result.signaled)
    #expect(result.stdoutText.contains("apple/swift"))
    #expect(result.stdoutText.contains("usage: next"))
    let requests = server.requests
    #expect(requests.count == 2)
    #expect(requests.map { $0.headers["authorization"] } == ["Bearer \(Self.token)", "Bearer \(Self.token)"])
  }

  /// A 302 to another origin (another host, or the same host on another port) is followed
  /// without the token; the token only ever reaches the configured origin.
  @Test(arguments: ["localhost", "127.0.0.1"])
  func crossOriginRedirectDropsTheToken(host: String) async throws {
    let target = try LoopbackServer { _ in .json(200, FaultBodies.search) }
    defer { target.stop() }
    let origin = try LoopbackServer { request in
      LoopbackResponse(status: 302, headers: [("Location", "http://\(host):\(target.port)\(request.pathAndQuery)")])
    }
    defer { origin.stop() }
    for json in [false, true] {
      let result = try await FaultMatrixProcess.run(
        ["--api-url", origin.baseURL, "--timeout", "60"] + (json ? ["--json"] : []), input: FaultMatrixTests.input,
        marker: json ? #""type":"help""# : "usage: next", environment: ["GH_TOKEN": Self.token])
      #expect(result.status == 0 && !result.signaled, "status \(result.status); stderr: \(result.stderrText)")
      #expect(result.stdoutText.contains("apple/swift"))
      #expect(!result.stdoutText.contains(Self.token) && !result.stderrText.contains(Self.token))
    }
    #expect(origin.requests.allSatisfy { $0.headers["authorization"] == "Bearer \(Self.token)" })
    #expect(target.requests.count == 2)
    #expect(target.requests.allSatisfy { $0.headers["authorization"] == nil }, "the token followed the redirect")
  }
}

// MARK: - Terminal safety

@Suite("reactor binary: network strings are terminal-safe")
struct FaultMatrixTerminalSafetyTests {
  static let osc52 = "\u{1B}]52;c;SGVsbG8=\u{07}"
  static let hostileName = "evil/\u{1B}[2Jrepo\u{1B}[10;10H\u{9B}31m\u{202E}gnp.exe"
  static let hostileDescription =
    "clip \(osc52) clear \u{1B}[2J up \u{1B}[1A\rover bell\u{07} csi\u{9B}2J rtl\u{202E}txt.exe"
  static let hostileLanguage = "C\u{1B}[31m"
  static let hostileURL = "https://github.com/evil/\u{1B}]8;;http://x\u{07}repo"
  static let hostileMessage = "Validation \u{1B}[2J\u{1B}]52;c;SGVsbG8=\u{07}Failed\r\u{9B}6n\u{202E}"

  static func quoted(_ text: String) -> String {
    let data = try! JSONSerialization.data(withJSONObject: [text])
    return String(decoding: data, as: UTF8.self).dropFirst().dropLast().description
  }

  static func server() throws -> LoopbackServer {
    let repository = """
      {"id":7,"full_name":\(quoted(hostileName)),"description":\(quoted(hostileDescription)),\
      "stargazers_count":1,"language":\(quoted(hostileLanguage)),"html_url":\(quoted(hostileURL))}
      """
    let search = #"{"total_count":1,"incomplete_results":false,"items":[\#(repository)]}"#
    let invalid = #"{"message":\#(quoted(hostileMessage))}"#
    return try LoopbackServer { request in
      request.pathAndQuery.contains("q=bad") ? .json(422, invalid) : .json(200, search)
    }
  }

  static let input = "query swift\nopen 1\nquery bad\nhelp next\n"

  /// Scalars that must never reach a terminal raw.
  static func rawControls(_ text: String) -> [String] {
    text.unicodeScalars.filter { scalar in
      let v = scalar.value
      return v == 0x1B || v == 0x07 || v == 0x0D || (0x80...0x9F).contains(v) || v == 0x202E
    }.map { String(format: "U+%04X", $0.value) }
  }

  @Test func textModeShowsControlsInCaretForm() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let result = try await FaultMatrixProcess.run(
      ["--api-url", server.baseURL, "--timeout", "60"], input: Self.input, marker: "usage: next [<n>|all]",
      environment: ["COLUMNS": "400"])
    let all = result.stdoutText + result.stderrText
    #expect(Self.rawControls(all).isEmpty, "raw controls: \(Self.rawControls(all))")
    #expect(!result.stdout.contains(0x1B) && !result.stderr.contains(0x1B))
    #expect(result.status == 1 && !result.signaled)
    // The inert forms are there instead.
    // (The name column is cut to its width, so only the start of the name shows.)
    #expect(result.stdoutText.contains("evil/^[[2Jrepo^[[10;10H^[[31m"), "stdout: \(result.stdoutText)")
    #expect(
      result.stdoutText.contains(
        "clip ^[]52;c;SGVsbG8=^G clear ^[[2J up ^[[1A^Mover bell^G csi^[[2J rtl<U+202E>txt.exe"))
    #expect(result.stdoutText.contains("https://github.com/evil/^[]8;;http://x^Grepo"))
    #expect(
      result.stderrText
        == "error: line 3: GitHub rejected the query: Validation ^[[2J^[]52;c;SGVsbG8=^GFailed^M^[[6n<U+202E>.\n",
      "stderr: \(result.stderrText)")
    #expect(result.stdoutText.contains("usage: next"))
  }

  @Test func jsonModeEscapesEveryControl() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let result = try await FaultMatrixProcess.run(
      ["--api-url", server.baseURL, "--timeout", "60", "--json"], input: Self.input, marker: #""type":"help""#)
    #expect(result.status == 1 && !result.signaled)
    #expect(Self.rawControls(result.stdoutText).isEmpty, "raw controls: \(Self.rawControls(result.stdoutText))")
    #expect(!result.stdout.contains(0x1B) && !result.stdout.contains(0x07) && !result.stdout.contains(0x0D))
    let lines = result.stdoutText.split(separator: "\n")
    for line in lines {
      #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "not a JSON object: \(line)")
    }
    let text = result.stdoutText
    #expect(text.contains(#"\u001b]52;c;SGVsbG8=\u0007"#))
    #expect(text.contains(#"\u009b"#) && text.contains(#"\u202e"#) && text.contains(#"\r"#))
    // Escaping loses nothing: the records decode to the very strings the server sent.
    let records = try jsonLines(text)
    let values = records.flatMap { Self.strings(in: $0) }
    #expect(values.contains(Self.hostileName))
    #expect(values.contains(Self.hostileDescription))
    #expect(values.contains(Self.hostileURL))
    let error = try #require(records.first { $0["type"] as? String == "error" })
    #expect(error["code"] as? String == "validation-failed")
    #expect(error["message"] as? String == "GitHub rejected the query: \(Self.hostileMessage).")
    #expect(records.last?["type"] as? String == "help")
  }

  static func strings(in value: Any) -> [String] {
    switch value {
    case let text as String: [text]
    case let array as [Any]: array.flatMap(strings(in:))
    case let object as [String: Any]: object.values.flatMap(strings(in:))
    default: []
    }
  }
}
