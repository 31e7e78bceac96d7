# Recorded by reactor 0.1.0. Replay: reactor replay time-travel-history.t
# history: every change with its command, mutation and touched paths; filters, counts and bad arguments.
# Engine-neutral: search mutation names differ by engine, so they are matched with (glob).
# At 120 columns, where every row fits: at 100 a row wraps on one engine and not the other (their names differ in length).
%data offline-sample
%cassette time-travel-history.t.cassette.json
%clock 2026-11-26T09:00:00Z
%seed 7
%engine reactor
%mode text
%width 120
%signup-failure-rate 0.3333333333333333
%signup-latency 1.5s
> query swift
query: "swift"
+ 30 repos (1-30) of 162
   1. apple/swift                       ★ 67.1k  C++         The Swift Programming Language
   2. vsouza/awesome-ios                ★ 50k    Swift       A curated list of awesome iOS ecosystem, including Objecti…
   3. rclone/rclone                     ★ 47k    Go          rsync for cloud storage - Google Drive, S3, Dropbox, Backb…
   4. dkhamsing/open-source-ios-apps    ★ 46k                Collaborative List of Open-Source iOS Apps
   5. Alamofire/Alamofire               ★ 41.2k  Swift       Elegant HTTP Networking in Swift
   6. iina/iina                         ★ 40k    Swift       The modern video player for macOS.
   7. MonitorControl/MonitorControl     ★ 28k    Swift       Control your display's brightness & volume on your Mac as …
   8. exelban/stats                     ★ 28k    Swift       macOS system monitor in your menu bar
   9. danielgindi/Charts                ★ 27.5k  Swift       Beautiful charts for iOS/tvOS/OSX! The Apple side of the c…
  10. rxhanson/Rectangle                ★ 27k    Swift       Move and resize windows on macOS with keyboard shortcuts a…
  11. airbnb/lottie-ios                 ★ 25.6k  Swift       An iOS library to natively render After Effects vector ani…
  12. matteocrippa/awesome-swift        ★ 25k    Swift       A collaborative list of awesome Swift libraries and resour…
  13. vapor/vapor                       ★ 24.8k  Swift       A server-side Swift HTTP web framework.
  14. ReactiveX/RxSwift                 ★ 24.3k  Swift       Reactive Programming in Swift
  15. onevcat/Kingfisher                ★ 23.3k  Swift       A lightweight, pure-Swift library for downloading and cach…
  16. SwiftyJSON/SwiftyJSON             ★ 22.7k  Swift       The better way to deal with JSON data in Swift.
  17. HeroTransitions/Hero              ★ 22k    Swift       Elegant transition library for iOS & tvOS
  18. CodeEditApp/CodeEdit              ★ 21.5k  Swift       A native code editor for macOS.
  19. ReactiveCocoa/ReactiveCocoa       ★ 20k    Swift       Cocoa framework and Obj-C dynamism bindings for ReactiveSw…
  20. SnapKit/SnapKit                   ★ 20k    Swift       A Swift Autolayout DSL for iOS & OS X
  21. apple/container                   ★ 20k    Swift       A tool for creating and running Linux containers using lig…
  22. realm/SwiftLint                   ★ 18.7k  Swift       A tool to enforce Swift style and conventions.
  23. jordanbaird/Ice                   ★ 18k    Swift       Powerful menu bar manager for macOS
  24. hackiftekhar/IQKeyboardManager    ★ 16.5k  Swift       Codeless drop-in universal library allows to prevent issue…
  25. realm/realm-swift                 ★ 16.3k  Objective-C Realm is a mobile database: a replacement for Core Data & …
  26. apple/swift-evolution             ★ 15.2k              This maintains proposals for changes and user-visible enha…
  27. Moya/Moya                         ★ 15.1k  Swift       Network abstraction layer written in Swift.
  28. Caldis/Mos                        ★ 15k    Swift       A lightweight tool used to smooth scrolling and set scroll…
  29. Carthage/Carthage                 ★ 15k    Swift       A simple, decentralized dependency manager for Cocoa
  30. ochococo/Design-Patterns-In-Swift ★ 15k    Swift       Design Patterns implemented in Swift
> next
+ 30 repos (31-60)
  31. CocoaPods/CocoaPods                       ★ 14.6k  Ruby        The Cocoa Dependency Manager.
  32. mxcl/PromiseKit                           ★ 14.2k  Swift       Promises for Swift & ObjC.
  33. PerfectlySoft/Perfect                     ★ 13.8k  Swift       Server-side Swift. The Perfect core toolset and fr…
  34. kodecocodes/swift-style-guide             ★ 13.1k              The official Swift style guide for Kodeco.
  35. p0deje/Maccy                              ★ 13k    Swift       Lightweight clipboard manager for macOS
  36. Juanpe/SkeletonView                       ★ 12.6k  Swift       An elegant way to show users that something is hap…
  37. mozilla-mobile/firefox-ios                ★ 12.3k  Swift       Firefox for iOS
  38. pointfreeco/swift-composable-architecture ★ 12.3k  Swift       A library for building applications in a consisten…
  39. xmartlabs/Eureka                          ★ 11.8k  Swift       Elegant iOS form builder in Swift
  40. signalapp/Signal-iOS                      ★ 11k    Swift       A private messenger for iOS.
  41. Quick/Quick                               ★ 9.7k   Swift       The Swift (and Objective-C) testing framework.
  42. stephencelis/SQLite.swift                 ★ 9.7k   Swift       A type-safe, Swift-language layer over SQLite3.
  43. swiftlang/swift-package-manager           ★ 9.7k   Swift       The Package Manager for the Swift Programming Lang…
  44. mac-cain13/R.swift                        ★ 9.5k   Swift       Strong typed, autocompleted resources like images,…
  45. SwiftGen/SwiftGen                         ★ 9.2k   Swift       The Swift code generator for your assets, storyboa…
  46. insidegui/WWDC                            ★ 8.7k   Swift       The unofficial WWDC app for macOS
  47. Ranchero-Software/NetNewsWire             ★ 8.5k   Swift       RSS reader for macOS and iOS.
  48. kickstarter/ios-oss                       ★ 8.5k   Swift       Kickstarter for iOS. Bring new ideas to life, anyw…
  49. daltoniam/Starscream                      ★ 8.4k   Swift       Websockets in swift for iOS and OSX
  50. kean/Nuke                                 ★ 8.1k   Swift       Image loading system
  51. kishikawakatsumi/KeychainAccess           ★ 8k     Swift       Simple Swift wrapper for Keychain that works on iO…
  52. nicklockwood/SwiftFormat                  ★ 8k     Swift       A command-line tool and Xcode Extension for format…
  53. apple/swift-nio                           ★ 7.9k   Swift       Event-driven network application framework for hig…
  54. ashleymills/Reachability.swift            ★ 7.9k   Swift       Replacement for Apple's Reachability re-written in…
  55. facebook/facebook-ios-sdk                 ★ 7.8k   Swift       Used to integrate the Facebook Platform with your …
  56. krzysztofzablocki/Sourcery                ★ 7.7k   Swift       Meta-programming for Swift, stop writing boilerpla…
  57. Kitura/Kitura                             ★ 7.6k   Swift       A Swift web framework and HTTP server.
  58. malcommac/SwiftDate                       ★ 7.6k   Swift       Toolkit to parse, validate, manipulate, compare an…
  59. SwiftKickMobile/SwiftMessages             ★ 7.3k   Swift       A very flexible message bar for UIKit and SwiftUI.
  60. SwiftUIX/SwiftUIX                         ★ 7.3k   Swift       An exhaustive expansion of the standard SwiftUI li…
> query zig
query: "swift" -> "zig"
+ 3 repos (1-3) of 3
   1. oven-sh/bun                    ★ 74k    Zig         Incredibly fast JavaScript runtime, bundler, test runner, and…
   2. ziglang/zig                    ★ 35k    Zig         General-purpose programming language and toolchain for mainta…
   3. ghostty-org/ghostty            ★ 24k    Zig         Ghostty is a fast, feature-rich, and cross-platform terminal …
> history
seq  feature  command      * changed (glob)
  1  search   query swift  * /query, /isLoading (glob)
  2  search   query swift  * /repos = 30 items, /nextPage, /totalCount, /isLoading (glob)
  3  search   next         * /isLoadingNextPage (glob)
  4  search   next         * /repos/30..59 added, /nextPage, /isLoadingNextPage (glob)
  5  search   query zig    * /query, /repos = 0 items, /nextPage, /totalCount, /isLoading (glob)
  6  search   query zig    * /repos = 3 items, /totalCount, /isLoading (glob)
> history search 2
seq  feature  command    * changed (glob)
  5  search   query zig  * /query, /repos = 0 items, /nextPage, /totalCount, /isLoading (glob)
  6  search   query zig  * /repos = 3 items, /totalCount, /isLoading (glob)
> history 1
seq  feature  command    * changed (glob)
  6  search   query zig  * /repos = 3 items, /totalCount, /isLoading (glob)
> history feed
history: no changes yet in feed
> history bogus
! error: history: expected a feature (search, signup, feed) or a count (1 or more), got 'bogus'
> history 0
! error: history: expected a feature (search, signup, feed) or a count (1 or more), got '0'
> history search 2 3
! error: history: unexpected argument '3'
%status 1
