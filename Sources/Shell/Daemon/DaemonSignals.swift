import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The daemon's signals: SIGTERM ends the input (then in-flight work drains), SIGINT cancels
/// everything in flight and the daemon goes on.
public final class DaemonSignals: @unchecked Sendable {  // the sources are only created and cancelled
  private let sources: [any DispatchSourceSignal]

  public init(onTerminate: @escaping @Sendable () -> Void, onInterrupt: @escaping @Sendable () -> Void) {
    var sources: [any DispatchSourceSignal] = []
    for (number, handler) in [(SIGTERM, onTerminate), (SIGINT, onInterrupt)] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { @Sendable in handler() }
      source.resume()
      sources.append(source)
    }
    self.sources = sources
  }

  public func cancel() { sources.forEach { $0.cancel() } }
}
