/// The result of a conditional events request.
package enum EventsResult: Sendable, Equatable {
  /// A page of events, and the ETag to send next time.
  case page(Page<Event>, etag: String?)
  /// 304: nothing changed since the ETag that was sent.
  case notModified
}
