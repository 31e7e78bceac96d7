/// Where rendered lines go. Writes are whole lines and atomic with respect to each other.
public protocol OutputSink: Sendable {
  func write(_ lines: [OutputLine])
}
