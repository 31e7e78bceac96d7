import Foundation

/// What a pseudo-terminal showed so far, filled by a reader thread.
final class ScreenBuffer: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()
  private var finished = false

  func append(_ chunk: Data) { lock.withLock { data.append(chunk) } }
  func finish() { lock.withLock { finished = true } }
  var value: Data { lock.withLock { data } }
  var done: Bool { lock.withLock { finished } }
}
