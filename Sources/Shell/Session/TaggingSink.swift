import ReactorCore
import ReactorJSON
import Rendering

/// Tags every line written through it (unless already tagged) with one request's tag.
struct TaggingSink: OutputSink {
  let base: any OutputSink
  let tag: JSONValue?

  func write(_ lines: [OutputLine]) {
    base.write(tag == nil ? lines : lines.map { $0.tag == nil ? $0.tagged(tag) : $0 })
  }
}
