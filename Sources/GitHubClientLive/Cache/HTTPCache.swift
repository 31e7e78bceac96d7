package import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// Responses kept on disk, one file per request, for conditional requests (`ETag`,
/// `Last-Modified`): GitHub answers an unchanged resource with a `304`, which costs no primary
/// rate limit.
///
/// Contract:
/// - A file's name is the SHA-256 of the method, URL, `Accept` header and a SHA-256 of the
///   token: never the token, and a different token never reads another's responses.
/// - Only the status, the response headers (without `Set-Cookie`, `Cookie` or
///   `Authorization`) and the body are kept; request headers are not.
/// - Writes go to a temporary file in the same folder, then `rename(2)`: a reader, in this
///   process or another, sees the old entry or the new one, never a torn one.
/// - An entry that does not decode is ignored (and replaced by the next response).
/// - The folder is kept under ``maxBytes``: after a write, the least recently used entries
///   (by modification time, which a hit refreshes) go first.
package final class HTTPCache: Sendable {
  package let directory: URL
  package let maxBytes: Int

  /// The default bound on the folder's size.
  package static let defaultMaxBytes = 50_000_000

  package init(directory: URL, maxBytes: Int = HTTPCache.defaultMaxBytes) {
    self.directory = directory
    self.maxBytes = maxBytes
  }

  /// `$XDG_CACHE_HOME/reactor`, else `~/.cache/reactor`; nil without either variable.
  package static func defaultDirectory(environment: (String) -> String?) -> URL? {
    if let base = environment("XDG_CACHE_HOME"), base.hasPrefix("/") {
      return URL(fileURLWithPath: base, isDirectory: true).appendingPathComponent("reactor", isDirectory: true)
    }
    if let home = environment("HOME"), !home.isEmpty {
      return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache/reactor", isDirectory: true)
    }
    return nil
  }

  /// The file name of `request`'s entry for the holder of a token whose hash is `tokenHash`.
  package func key(for request: HTTPRequest, tokenHash: String) -> String {
    SHA256.hex(
      "\(request.method) \(request.url.absoluteString)\naccept: \(request.header("Accept") ?? "")\ntoken: \(tokenHash)")
  }

  private func url(of key: String) -> URL { directory.appendingPathComponent(key + ".json", isDirectory: false) }

  // MARK: - Reading

  /// The response stored under `key`, or nil when there is none or it does not decode.
  package func load(_ key: String) -> HTTPResponse? {
    guard let data = try? Data(contentsOf: url(of: key)),
      let entry = try? JSONDecoder().decode(Entry.self, from: data),
      entry.version == Entry.currentVersion, let body = Data(base64Encoded: entry.body)
    else { return nil }
    return HTTPResponse(status: entry.status, headers: entry.headers.map { HTTPHeader($0[0], $0[1]) }, body: body)
  }

  /// Marks the entry as just used, for the least-recently-used order.
  package func touch(_ key: String) {
    _ = url(of: key).withUnsafeFileSystemRepresentation { path in path.map { utimes($0, nil) } }
  }

  // MARK: - Writing

  /// Stores `response` under `key` atomically, then trims the folder to ``maxBytes``. Failures
  /// (a read-only disk, a full one) leave the cache as it was: it is an optimisation.
  package func store(_ response: HTTPResponse, key: String) {
    let headers = response.headers.filter { !Self.neverStored.contains($0.name.lowercased()) }
    let entry = Entry(
      version: Entry.currentVersion, status: response.status, headers: headers.map { [$0.name, $0.value] },
      body: response.body.base64EncodedString())
    guard let data = try? JSONEncoder().encode(entry), data.count <= maxBytes else { return }
    do {
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      return
    }
    let temporary = directory.appendingPathComponent(
      ".\(key).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp", isDirectory: false)
    guard FileManager.default.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600])
    else { return }
    if rename(temporary.path, url(of: key).path) != 0 {
      unlink(temporary.path)
      return
    }
    trim()
  }

  /// Header fields that identify a person and are never written to disk.
  static let neverStored: Set<String> = ["authorization", "cookie", "set-cookie"]

  /// Removes the least recently used entries until the folder fits ``maxBytes``.
  package func trim() {
    let folder = directory.path
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    var entries: [(path: String, size: Int, used: Date)] = names.compactMap { name in
      // Hidden files are not entries (a temporary file being written starts with a dot).
      guard !name.hasPrefix("."), name.hasSuffix(".json") else { return nil }
      let path = folder + "/" + name
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
      let size = (attributes[.size] as? Int) ?? (attributes[.size] as? UInt64).map { Int($0) } ?? 0
      return (path, size, attributes[.modificationDate] as? Date ?? .distantPast)
    }
    var total = entries.reduce(0) { $0 + $1.size }
    guard total > maxBytes else { return }
    entries.sort { $0.used < $1.used }
    for entry in entries where total > maxBytes {
      // Another process may have removed it already; either way it no longer counts.
      unlink(entry.path)
      total -= entry.size
    }
  }

  /// One entry on disk.
  private struct Entry: Codable {
    static let currentVersion = 1
    var version: Int
    var status: Int
    var headers: [[String]]
    var body: String
  }
}
