/// The version of reactor, as `--version`, the daemon's `ready` record and the User-Agent show it.
public enum ReactorVersion {
  public static let current = "0.1.0"
}
