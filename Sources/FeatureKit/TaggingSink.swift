package import ReactorJSON
package import Rendering

/// Tags every line written through it (unless already tagged) with one request's tag.
package struct TaggingSink: OutputSink {
  package let base: any OutputSink
  package let tag: JSONValue?

  package init(base: any OutputSink, tag: JSONValue?) {
    self.base = base
    self.tag = tag
  }

  package func write(_ lines: [OutputLine]) {
    base.write(tag == nil ? lines : lines.map { $0.tag == nil ? $0.tagged(tag) : $0 })
  }
}
