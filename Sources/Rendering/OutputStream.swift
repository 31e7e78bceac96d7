/// Where a line of output goes.
public enum OutputStream: Sendable, Equatable {
  case out, err
}
