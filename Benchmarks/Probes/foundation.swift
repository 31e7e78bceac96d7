// Startup probe: what a statically linked Foundation program costs to start, doing nothing.
import Foundation

print(ProcessInfo.processInfo.arguments.count > 99 ? "many" : "reactor-probe")
