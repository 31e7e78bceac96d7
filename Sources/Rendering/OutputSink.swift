/// Where rendered lines go. Writes are whole lines and atomic with respect to each other.
package protocol OutputSink: Sendable {
  func write(_ lines: [OutputLine])
}
