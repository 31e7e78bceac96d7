import FuzzTargets

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The libFuzzer executable of every target: `FUZZ_TARGET` names the one this process fuzzes
// (scripts/fuzz sets it), so the fuzzing build links one executable, not one per target. The
// targets' bodies live in FuzzTargets, where the suite replays their corpora.

/// The target named by `FUZZ_TARGET`; nil when it names none (refused at start).
private let target = getenv("FUZZ_TARGET").flatMap { FuzzTarget(rawValue: String(cString: $0)) }

/// libFuzzer calls this once before any input: a missing or unknown target is a usage error,
/// not a crash whose input libFuzzer would save.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutableRawPointer?, _ argv: UnsafeMutableRawPointer?) -> CInt {
  if target == nil {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
    let message = Array("reactor-fuzz: set FUZZ_TARGET to one of: \(names)\n".utf8)
    _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(2)
  }
  return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { target.map { $0(data, size) } ?? 0 }
