/// A description of work that produces outputs, as a value.
///
/// Effects do nothing until a ``Store`` runs them, so tests can inspect what `mutate` asked for.
/// Synchronous parts (``send(_:)``, `notice`, cancellation) run inline when the store
/// processes the action; asynchronous parts (``run(_:)``) run as tasks, and their outputs are
/// queued in FIFO order with everything else the store receives. On the global executor such a
/// task starts at once, on the sending thread, and runs up to its first suspension before
/// `send` returns; on a store's task executor (a replay's, piped mode's) it waits its turn there.
public struct Effect<Output: Sendable>: Sendable {
  /// The body of an asynchronous effect. It runs where the store's effect task runs it, in that
  /// task's isolation: nonsending, so that entering it is a call, not a switch of executors.
  public typealias Work = nonisolated(nonsending) @Sendable (Send<Output>) async throws -> Void

  indirect enum Operation: Sendable {
    case none
    case send(Output)
    case notice(Notice)
    case run(Work)
    case concatenate([Effect<Output>])
    /// `concatenate` of two effects, the common shape (`send` then a request), kept without
    /// an array: building and destroying one was a share of every such action's cost.
    case pair(Effect<Output>, Effect<Output>)
    case merge([Effect<Output>])
    case cancellable(id: EffectID, cancelInFlight: Bool, Effect<Output>)
    /// `run(work).cancellable(id:cancelInFlight:)`, the usual request, in one box rather than two.
    case cancellableRun(id: EffectID, cancelInFlight: Bool, Work)
    case cancel(id: EffectID)
  }

  let operation: Operation
}

// MARK: - Constructors

extension Effect {
  /// An effect that does nothing.
  public static var none: Effect { Effect(operation: .none) }

  /// An effect that produces one output synchronously.
  public static func send(_ output: Output) -> Effect { Effect(operation: .send(output)) }

  /// An effect that tells the user something without changing state (an `info` record).
  public static func notice(_ message: String) -> Effect {
    Effect(operation: .notice(Notice(message: message)))
  }

  /// An effect that tells the user `notice`, a warning or not.
  public static func notice(_ notice: Notice) -> Effect { Effect(operation: .notice(notice)) }

  /// Asynchronous work. Outputs sent after the effect was cancelled are dropped. An error other
  /// than cancellation is reported by the store as a failure of the action; it is never
  /// swallowed. Map expected errors into outputs inside the closure instead.
  public static func run(_ operation: @escaping Work) -> Effect {
    Effect(operation: .run(operation))
  }

  /// `run(operation).cancellable(id: id, cancelInFlight: cancelInFlight)`, made as one value
  /// (one allocation fewer than the two calls).
  public static func run(
    cancellableAs id: EffectID, cancelInFlight: Bool = false,
    _ operation: @escaping Work
  ) -> Effect {
    Effect(operation: .cancellableRun(id: id, cancelInFlight: cancelInFlight, operation))
  }

  /// Runs effects one after another; each starts when the previous one has finished.
  public static func concatenate(_ effects: [Effect]) -> Effect {
    Effect(operation: .concatenate(effects))
  }

  /// Runs effects one after another; each starts when the previous one has finished.
  ///
  /// The common shapes, `send` then a request (two effects, or three of which the first or the last is `none`, an
  /// optional notice left out, say), are kept as a pair without an array.
  /// Disfavoured, so that two or three effects take the overloads below.
  @inline(__always) @_disfavoredOverload
  public static func concatenate(_ effects: Effect...) -> Effect {
    switch effects.count {
    case 2: return pair(effects[0], effects[1])
    case 3:
      if case .none = effects[0].operation { return pair(effects[1], effects[2]) }
      if case .none = effects[2].operation { return pair(effects[0], effects[1]) }
    default: break
    }
    return sequence(copying: effects)
  }

  /// Runs `first`, then `second` when it has finished: the pair, without the argument list
  /// the variadic form builds and destroys at each call.
  @inline(__always)
  public static func concatenate(_ first: Effect, _ second: Effect) -> Effect { pair(first, second) }

  /// Runs three effects one after another, as the variadic form does, without its argument
  /// list when the first or the last is `none`.
  @inline(__always)
  public static func concatenate(_ first: Effect, _ second: Effect, _ third: Effect) -> Effect {
    if case .none = first.operation { return pair(second, third) }
    if case .none = third.operation { return pair(first, second) }
    return Effect(operation: .concatenate([first, second, third]))
  }

  /// A `concatenate` of a copy of `effects`, so that the argument list passed in never escapes
  /// and can live on the caller's stack.
  static func sequence(copying effects: [Effect]) -> Effect {
    Effect(operation: .concatenate(effects.map { $0 }))
  }

  /// `first`, then `second`, as one effect: either alone when the other is `none`.
  static func pair(_ first: Effect, _ second: Effect) -> Effect {
    if case .none = first.operation { return second }
    if case .none = second.operation { return first }
    return Effect(operation: .pair(first, second))
  }

  /// Runs effects at the same time.
  public static func merge(_ effects: [Effect]) -> Effect { Effect(operation: .merge(effects)) }

  /// Runs effects at the same time.
  public static func merge(_ effects: Effect...) -> Effect { .merge(effects) }

  /// Cancels every in-flight effect marked with `id`.
  public static func cancel(id: EffectID) -> Effect { Effect(operation: .cancel(id: id)) }

  /// Marks this effect with `id`, so ``cancel(id:)`` can stop it; with `cancelInFlight`, first
  /// cancels whatever already runs under the same id (ReactorKit's `takeUntil` / flatMapLatest).
  public func cancellable(id: EffectID, cancelInFlight: Bool = false) -> Effect {
    Effect(operation: .cancellable(id: id, cancelInFlight: cancelInFlight, self))
  }
}

// MARK: - Inspection

extension Effect {
  /// True when the effect has no asynchronous part, so running it finishes inline.
  public var isSynchronous: Bool {
    switch operation {
    case .none, .send, .notice, .cancel: return true
    case .run, .cancellableRun: return false
    case .concatenate(let effects), .merge(let effects): return effects.allSatisfy(\.isSynchronous)
    case .pair(let first, let second): return first.isSynchronous && second.isSynchronous
    case .cancellable(_, _, let effect): return effect.isSynchronous
    }
  }

  /// The parts of a `concatenate`, in order; nil for any other effect.
  var sequence: [Effect]? {
    switch operation {
    case .concatenate(let effects): return effects
    case .pair(let first, let second): return [first, second]
    default: return nil
    }
  }

  /// The outputs of the synchronous `send` parts, in order; for tests of `mutate`.
  public var synchronousOutputs: [Output] {
    switch operation {
    case .send(let output): return [output]
    case .concatenate(let effects), .merge(let effects): return effects.flatMap(\.synchronousOutputs)
    case .pair(let first, let second): return first.synchronousOutputs + second.synchronousOutputs
    case .cancellable(_, _, let effect): return effect.synchronousOutputs
    case .none, .notice, .run, .cancellableRun, .cancel: return []
    }
  }
}

/// The identity under which cancellable effects run.
public struct EffectID: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  public let name: String
  public init(_ name: String) { self.name = name }
  public init(stringLiteral value: String) { self.name = value }
  public var description: String { name }
}

/// A message for the user that is not a state change.
public struct Notice: Sendable, Equatable {
  public var message: String
  /// A warning: something the user should see even when the output goes elsewhere (a text
  /// view shows it on standard error).
  public var isWarning: Bool
  public init(message: String, isWarning: Bool = false) {
    self.message = message
    self.isWarning = isWarning
  }
}

/// The callback an asynchronous effect uses to produce outputs.
public struct Send<Output: Sendable>: Sendable {
  let yield: @Sendable (Output) -> Void

  public init(_ yield: @escaping @Sendable (Output) -> Void) { self.yield = yield }

  /// Produces one output. After cancellation it is dropped.
  public func callAsFunction(_ output: Output) { yield(output) }
}
