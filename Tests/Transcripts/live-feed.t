# Recorded by reactor 0.1.0. Replay: reactor replay live-feed.t
# The live feed on the offline sample: it opens with a refresh; End loads the next page; r is answered 304
# (no new events); Enter prints the selected event's line.
%data offline-sample
%cassette live-feed.t.cassette.json
%clock 2026-11-28T13:34:08Z
%seed 1795872848651
%engine reactor
%signup-failure-rate 0.3333333333333333
%signup-latency 1.5s
%throttle 300ms
%print name
%live feed
%size 80x12
@8ms screen loaded 30
|>   1. torvalds pushed to torvalds/linux · 20 s ago
|    2. hyunjun-kim starred ReactorKit/ReactorKit · 2 min ago
|    3. DougGregor pushed to swiftlang/swift-syntax · 4 min ago
|    4. jshier commented on an issue in Alamofire/Alamofire: "Request… · 5 min ago
|    5. ahoppen updated a pull request in swiftlang/swift-syntax: "Im… · 8 min ago
|    6. charliermarsh pushed to astral-sh/ruff · 8 min ago
|    7. lena-codes starred pointfreeco/swift-composable-architecture · 10 min ago
|    8. mkowalski-dev forked ReactiveX/RxSwift to mkowalski-dev/RxSw… · 13 min ago
|    9. gaearon pushed to facebook/react · 15 min ago
|   10. devxoul created branch fix/pulse-equatable in ReactorKit/Rea… · 18 min ago
|   11. freak4pc commented on an issue in ReactiveX/RxSwift: "Swift … · 20 min ago
| 30 events
@990ms key <end>
@997ms screen loaded 60
|   20. dev-ahmed starred BurntSushi/ripgrep · 37 min ago
|   21. BurntSushi pushed to BurntSushi/ripgrep · 40 min ago
|   22. SimplyDanny updated a pull request in realm/SwiftLint: "Add … · 41 min ago
|   23. Lukasa pushed to apple/swift-nio · 42 min ago
|   24. weissi commented on an issue in apple/swift-nio: "NIOAsyncCh… · 46 min ago
|   25. carla-m starred vapor/vapor · 47 min ago
|   26. mbrandonw pushed to pointfreeco/swift-composable-architecture · 49 min ago
|   27. mbrandonw deleted branch shared-state-beta in pointfreeco/sw… · 49 min ago
|   28. tiangolo pushed to fastapi/fastapi · 50 min ago
|   29. ivan-petrov starred fastapi/fastapi · 53 min ago
|>  30. yyx990803 pushed to vuejs/core · 56 min ago
| 60 events
@1991ms key r
@1996ms screen no new events
|>   1. torvalds pushed to torvalds/linux · 21 s ago
|    2. hyunjun-kim starred ReactorKit/ReactorKit · 2 min ago
|    3. DougGregor pushed to swiftlang/swift-syntax · 4 min ago
|    4. jshier commented on an issue in Alamofire/Alamofire: "Request… · 5 min ago
|    5. ahoppen updated a pull request in swiftlang/swift-syntax: "Im… · 8 min ago
|    6. charliermarsh pushed to astral-sh/ruff · 8 min ago
|    7. lena-codes starred pointfreeco/swift-composable-architecture · 10 min ago
|    8. mkowalski-dev forked ReactiveX/RxSwift to mkowalski-dev/RxSw… · 13 min ago
|    9. gaearon pushed to facebook/react · 16 min ago
|   10. devxoul created branch fix/pulse-equatable in ReactorKit/Rea… · 18 min ago
|   11. freak4pc commented on an issue in ReactiveX/RxSwift: "Swift … · 20 min ago
| 60 events · no new events
@2994ms key <down>
@3495ms key <enter>
@3495ms screen end
|    1. torvalds pushed to torvalds/linux · 23 s ago
|>   2. hyunjun-kim starred ReactorKit/ReactorKit · 2 min ago
|    3. DougGregor pushed to swiftlang/swift-syntax · 4 min ago
|    4. jshier commented on an issue in Alamofire/Alamofire: "Request… · 5 min ago
|    5. ahoppen updated a pull request in swiftlang/swift-syntax: "Im… · 8 min ago
|    6. charliermarsh pushed to astral-sh/ruff · 8 min ago
|    7. lena-codes starred pointfreeco/swift-composable-architecture · 10 min ago
|    8. mkowalski-dev forked ReactiveX/RxSwift to mkowalski-dev/RxSw… · 13 min ago
|    9. gaearon pushed to facebook/react · 16 min ago
|   10. devxoul created branch fix/pulse-equatable in ReactorKit/Rea… · 18 min ago
|   11. freak4pc commented on an issue in ReactiveX/RxSwift: "Swift … · 20 min ago
| 60 events · no new events
@3495ms print hyunjun-kim starred ReactorKit/ReactorKit
@3495ms exit 0
