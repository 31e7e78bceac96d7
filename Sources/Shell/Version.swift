/// The version of reactor, as `--version`, the daemon's `ready` record and the User-Agent show it.
package enum ReactorVersion {
  package static let current = "0.1.0"
}
