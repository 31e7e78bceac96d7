// Startup probe: the same with FoundationNetworking linked in (libcurl and its libraries load
// at exec time), as reactor's URLSession transport links it.
import Foundation
import FoundationNetworking

let configuration = URLSessionConfiguration.ephemeral
print(configuration.timeoutIntervalForRequest > 99_999 ? "slow" : "reactor-probe")
