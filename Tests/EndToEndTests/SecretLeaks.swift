import Foundation

/// Where a process wrote a secret: in its output streams, or in the name or the bytes of any
/// file under the folders it was given (its HOME, its cache), for the tests that promise a
/// token or a password is written nowhere.
enum SecretLeaks {
  /// One place that holds one of the secrets, described for a failure message.
  struct Leak: CustomStringConvertible {
    var place: String
    var secret: String
    var description: String { "\(place) holds \(secret.debugDescription)" }
  }

  /// The leaks of `secrets` in `streams` (a name, such as "standard error", and its text) and in
  /// the files under `folders`, whose names count too; a folder that does not exist holds none.
  static func find(_ secrets: [String], streams: [(name: String, text: String)], folders: [String]) -> [Leak] {
    var leaks: [Leak] = []
    for (name, text) in streams {
      for secret in secrets where text.contains(secret) { leaks.append(Leak(place: name, secret: secret)) }
    }
    for file in folders.flatMap(files(under:)) {
      let data = FileManager.default.contents(atPath: file) ?? Data()
      for secret in secrets where file.contains(secret) || data.range(of: Data(secret.utf8)) != nil {
        leaks.append(Leak(place: "the file \(file)", secret: secret))
      }
    }
    return leaks
  }

  /// Every file and folder under `folder`, as full paths.
  static func files(under folder: String) -> [String] {
    let relatives = (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []
    return relatives.map { folder + "/" + $0 }
  }
}
