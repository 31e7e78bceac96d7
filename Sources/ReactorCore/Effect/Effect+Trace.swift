import ReactorJSON

// MARK: - Tracing

extension Effect {
  /// This effect with every asynchronous part reporting to `tracer` when it starts and how it
  /// ends; its structure, ids, outputs and timing stay the same. While tracing is off, the
  /// effect itself. Cancellations it will make (`cancel(id:)`, `cancelInFlight`) are reported
  /// now, while its action is processed, so the tracer can say what cancelled an effect.
  public func traced(by tracer: EffectTracer?) -> Effect {
    guard let tracer, tracer.isOn() else { return self }
    return wrapped(by: tracer)
  }

  func wrapped(by tracer: EffectTracer) -> Effect { traced(by: tracer, id: nil, tag: tracer.currentTag()) }

  private func traced(by tracer: EffectTracer, id: EffectID?, tag: JSONValue?) -> Effect {
    switch operation {
    case .none, .send, .notice: return self
    case .cancel(let cancelled):
      tracer.cancelling(cancelled)
      return self
    case .run(let work):
      return .run { send in
        let token = tracer.start(id, tag)
        do {
          try await work(send)
        } catch {
          tracer.finish(token, error is CancellationError || Task.isCancelled ? .cancelled : .failed)
          throw error
        }
        // Work that catches its own errors returns normally when cancelled.
        tracer.finish(token, Task.isCancelled ? .cancelled : .ended)
      }
    case .concatenate(let effects): return .concatenate(effects.map { $0.traced(by: tracer, id: id, tag: tag) })
    case .pair(let first, let second):
      return .concatenate(first.traced(by: tracer, id: id, tag: tag), second.traced(by: tracer, id: id, tag: tag))
    case .merge(let effects): return .merge(effects.map { $0.traced(by: tracer, id: id, tag: tag) })
    case .cancellable(let inner, let cancelInFlight, let effect):
      if cancelInFlight { tracer.cancelling(inner) }
      return effect.traced(by: tracer, id: inner, tag: tag).cancellable(id: inner, cancelInFlight: cancelInFlight)
    case .cancellableRun(let inner, let cancelInFlight, let work):
      if cancelInFlight { tracer.cancelling(inner) }
      return Effect(operation: .run(work)).traced(by: tracer, id: inner, tag: tag).cancellable(
        id: inner, cancelInFlight: cancelInFlight)
    }
  }
}
