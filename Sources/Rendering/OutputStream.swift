/// Where a line of output goes.
package enum OutputStream: Sendable, Equatable {
  case out, err
}
