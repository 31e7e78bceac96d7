import ReactorJSON

/// The tag (daemon id) of the command whose work is running, for output that a client wrapper
/// writes outside any store (a rate-limit wait's notice).
///
/// Set while a command starts; the effect tasks started then inherit it, which covers the
/// effects a command starts itself. Work queued behind another thread's actions starts without
/// it, and its notices go out untagged.
enum RequestTag {
  @TaskLocal static var current: JSONValue?
}
