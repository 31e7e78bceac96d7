import Foundation

// Timing helpers. The machine is small and noisy: every figure is the best (or the median) of
// several runs, and every scenario is compared with a baseline measured in the same process.

/// Keeps a value alive and opaque to the optimizer.
@inline(never) @_optimize(none)
func blackhole<T>(_ value: T) {}

/// Returns its argument through a call the optimizer cannot see through, so a loop over a
/// constant cannot be folded away.
@inline(never) @_optimize(none)
func opaque<T>(_ value: T) -> T { value }

/// Monotonic nanoseconds.
@inline(__always)
func nanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Seconds `body` takes.
func seconds(_ body: () throws -> Void) rethrows -> Double {
  let start = nanoseconds()
  try body()
  return Double(nanoseconds() - start) / 1e9
}

/// Seconds `body` takes.
func asyncSeconds(_ body: () async throws -> Void) async rethrows -> Double {
  let start = nanoseconds()
  try await body()
  return Double(nanoseconds() - start) / 1e9
}

/// The smallest of `runs` measurements.
func best(of runs: Int, _ body: () throws -> Double) rethrows -> Double {
  var result = Double.infinity
  for _ in 0..<max(1, runs) { result = min(result, try body()) }
  return result
}

/// The smallest of `runs` measurements.
func best(of runs: Int, _ body: () async throws -> Double) async rethrows -> Double {
  var result = Double.infinity
  for _ in 0..<max(1, runs) { result = min(result, try await body()) }
  return result
}

func median(_ values: some Collection<Double>) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return .nan }
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// The mean without the largest `fraction` of the values: robust to the rare sample that
/// includes an array reallocation or a scheduler hiccup.
func trimmedMean(_ values: some Collection<Double>, dropping fraction: Double = 0.01) -> Double {
  let sorted = values.sorted()
  let keep = sorted.count - Int((Double(sorted.count) * fraction).rounded(.up))
  return mean(sorted.prefix(max(1, keep)))
}

func mean(_ values: some Collection<Double>) -> Double {
  values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count)
}

/// Writes progress to standard error, so standard output holds only the table.
func progress(_ text: String) {
  FileHandle.standardError.write(Data(("bench: " + text + "\n").utf8))
}
