# Recorded by reactor 0.1.0. Replay: reactor replay feed.t
# The event feed: 'more' before any refresh, three pages, the end, a 304 on refresh, and
# 'refresh &' still in flight (300 ms, set by hand in the cassette) when another refresh comes.
%data offline-sample
%cassette feed.t.cassette.json
%clock 2026-11-21T09:15:58Z
%seed 3
%mode text
%width 100
> more
no events yet; try 'refresh'
> refresh
+ 30 events (1-30)
   1. torvalds pushed to torvalds/linux · 20 s ago
   2. hyunjun-kim starred ReactorKit/ReactorKit · 2 min ago
   3. DougGregor pushed to swiftlang/swift-syntax · 4 min ago
   4. jshier commented on an issue in Alamofire/Alamofire: "Request hangs when using as… · 5 min ago
   5. ahoppen updated a pull request in swiftlang/swift-syntax: "Improve diagnostics fo… · 8 min ago
   6. charliermarsh pushed to astral-sh/ruff · 8 min ago
   7. lena-codes starred pointfreeco/swift-composable-architecture · 10 min ago
   8. mkowalski-dev forked ReactiveX/RxSwift to mkowalski-dev/RxSwift · 13 min ago
   9. gaearon pushed to facebook/react · 15 min ago
  10. devxoul created branch fix/pulse-equatable in ReactorKit/ReactorKit · 18 min ago
  11. freak4pc commented on an issue in ReactiveX/RxSwift: "Swift 6 strict concurrency… · 20 min ago
  12. stephencelis pushed to pointfreeco/swift-composable-architecture · 21 min ago
  13. sindresorhus pushed to sindresorhus/awesome · 24 min ago
  14. yuki-tanaka starred Alamofire/Alamofire · 26 min ago
  15. pjensen updated an issue in vapor/vapor: "Request body collection fails for chun… · 29 min ago
  16. 0xTim pushed to vapor/vapor · 30 min ago
  17. onevcat released "8.1.3" of onevcat/Kingfisher · 31 min ago
  18. onevcat created tag 8.1.3 in onevcat/Kingfisher · 33 min ago
  19. onevcat pushed to onevcat/Kingfisher · 35 min ago
  20. dev-ahmed starred BurntSushi/ripgrep · 37 min ago
  21. BurntSushi pushed to BurntSushi/ripgrep · 40 min ago
  22. SimplyDanny updated a pull request in realm/SwiftLint: "Add rule for redundant S… · 41 min ago
  23. Lukasa pushed to apple/swift-nio · 42 min ago
  24. weissi commented on an issue in apple/swift-nio: "NIOAsyncChannel leaks file des… · 46 min ago
  25. carla-m starred vapor/vapor · 47 min ago
  26. mbrandonw pushed to pointfreeco/swift-composable-architecture · 49 min ago
  27. mbrandonw deleted branch shared-state-beta in pointfreeco/swift-composable-archi… · 49 min ago
  28. tiangolo pushed to fastapi/fastapi · 50 min ago
  29. ivan-petrov starred fastapi/fastapi · 53 min ago
  30. yyx990803 pushed to vuejs/core · 56 min ago
> more
+ 30 events (31-60)
  31. kzaher commented on an issue in ReactiveX/RxSwift: "Swift 6 strict concurrency warn… · 1 h ago
  32. dtolnay pushed to serde-rs/serde · 1 h ago
  33. dtolnay created tag v1.0.219 in serde-rs/serde · 1 h ago
  34. sofia-ramos forked facebook/react to sofia-ramos/react · 1 h ago
  35. Darksonn pushed to tokio-rs/tokio · 1 h ago
  36. noah-becker updated an issue in ReactorKit/ReactorKit: "Support Swift 6 strict conc… · 1 h ago
  37. marco-rossi starred apple/swift · 1 h ago
  38. junegunn pushed to junegunn/fzf · 1 h ago
  39. timneutkens updated a pull request in vercel/next.js: "Update turbopack to latest c… · 1 h ago
  40. jesseduffield pushed to jesseduffield/lazygit · 1 h ago
  41. nicklockwood commented on an issue in nicklockwood/SwiftFormat: "Wrap arguments rul… · 1 h ago
  42. nicklockwood pushed to nicklockwood/SwiftFormat · 1 h ago
  43. emma-lindqvist starred sharkdp/bat · 1 h ago
  44. sharkdp pushed to sharkdp/bat · 1 h ago
  45. kean pushed to kean/Nuke · 1 h ago
  46. kean created branch task/swift-6-mode in kean/Nuke · 1 h ago
  47. lena-codes updated an issue in pointfreeco/swift-composable-architecture: "Store sc… · 1 h ago
  48. groue pushed to groue/GRDB.swift · 1 h ago
  49. mkowalski-dev made mkowalski-dev/reactor-playground public · 1 h ago
  50. mkowalski-dev created repository mkowalski-dev/reactor-playground · 1 h ago
  51. hiro-sato starred ollama/ollama · 1 h ago
  52. antirez pushed to redis/redis · 1 h ago
  53. davidism updated a pull request in pallets/flask: "Drop support for Python 3.9" · 1 h ago
  54. davidism pushed to pallets/flask · 1 h ago
  55. pjensen forked vapor/vapor to pjensen/vapor · 1 h ago
  56. bagder pushed to curl/curl · 1 h ago
  57. ambv commented on an issue in psf/black: "Preview style moves comments after return… · 1 h ago
  58. anna-schmidt starred zed-industries/zed · 1 h ago
  59. mxcl pushed to mxcl/PromiseKit · 1 h ago
  60. devxoul became a member of ReactorKit/ReactorKit · 1 h ago
> more
+ 30 events (61-90)
  61. gitster pushed to git/git · 2 h ago
  62. dev-ahmed updated an issue in cli/cli: "gh repo clone ignores --depth for template … · 2 h ago
  63. tomas-novak starred cli/cli · 2 h ago
  64. twostraws pushed to twostraws/ControlRoom · 2 h ago
  65. lorentey updated a pull request in apple/swift-collections: "Add UniqueArray and Ri… · 2 h ago
  66. natecook1000 pushed to apple/swift-argument-parser · 2 h ago
  67. natecook1000 created branch completion-fixes in apple/swift-argument-parser · 2 h ago
  68. priya-nair starred apple/swift-argument-parser · 2 h ago
  69. Dimillian pushed to Dimillian/IceCubesApp · 2 h ago
  70. Dimillian deleted branch fix-timeline-cache in Dimillian/IceCubesApp · 2 h ago
  71. gwynne commented on an issue in vapor/vapor: "Request body collection fails for chu… · 2 h ago
  72. gwynne pushed to vapor/fluent · 2 h ago
  73. hyunjun-kim forked ReactorKit/ReactorKit to hyunjun-kim/ReactorKit · 2 h ago
  74. jmartin-io starred Textualize/rich · 2 h ago
  75. rsc pushed to golang/go · 2 h ago
  76. charliermarsh released "0.6.14" of astral-sh/uv · 2 h ago
  77. charliermarsh created tag 0.6.14 in astral-sh/uv · 2 h ago
  78. charliermarsh pushed to astral-sh/uv · 2 h ago
  79. ivan-petrov updated an issue in golang/go: "cmd/go: go mod tidy drops indirect requ… · 2 h ago
  80. li-wei starred golang/go · 2 h ago
  81. jpsim pushed to realm/SwiftLint · 2 h ago
  82. freak4pc updated a pull request in ReactiveX/RxSwift: "Fix data race in ReplaySubje… · 2 h ago
  83. freak4pc deleted branch fix/replay-subject-race in ReactiveX/RxSwift · 2 h ago
  84. kzaher pushed to ReactiveX/RxSwift · 2 h ago
  85. yuki-tanaka updated an issue in onevcat/Kingfisher: "Downsampling processor ignores… · 2 h ago
  86. octocat commented on an issue in octocat/Hello-World: "Hello from the GitHub API!" · 2 h ago
  87. carla-m forked sindresorhus/awesome to carla-m/awesome · 2 h ago
  88. octocat pushed to octocat/Spoon-Knife · 2 h ago
  89. sindresorhus created branch macos-15 in sindresorhus/KeyboardShortcuts · 2 h ago
  90. torvalds pushed to torvalds/linux · 2 h ago
> more
no more events
> refresh
no new events
> refresh &
> refresh
a refresh is already in flight
> state feed
feed:
  {
    "error": null,
    "isLoadingMore": false,
    "isRefreshing": true,
    "items": [
      {
        "actor": "torvalds",
        "createdAt": 1795252538,
        "detail": "master",
        "id": "48213377012",
        "repository": "torvalds/linux",
        "type": "PushEvent"
      },
      {
        "actor": "hyunjun-kim",
        "createdAt": 1795252404,
        "detail": null,
        "id": "48213376968",
        "repository": "ReactorKit/ReactorKit",
        "type": "WatchEvent"
      },
      {
        "actor": "DougGregor",
        "createdAt": 1795252269,
        "detail": "main",
        "id": "48213376951",
        "repository": "swiftlang/swift-syntax",
        "type": "PushEvent"
      },
      {
        "actor": "jshier",
        "createdAt": 1795252217,
        "detail": "Request hangs when using async interceptor with retry policy",
        "id": "48213376898",
        "repository": "Alamofire/Alamofire",
        "type": "IssueCommentEvent"
      },
      {
        "actor": "ahoppen",
        "createdAt": 1795252068,
        "detail": "Improve diagnostics for unterminated string literals",
        "id": "48213376861",
        "repository": "swiftlang/swift-syntax",
        "type": "PullRequestEvent"
      },
      {
        "actor": "charliermarsh",
        "createdAt": 1795252030,
        "detail": "main",
        "id": "48213376829",
        "repository": "astral-sh/ruff",
        "type": "PushEvent"
      },
      {
        "actor": "lena-codes",
        "createdAt": 1795251924,
        "detail": null,
        "id": "48213376770",
        "repository": "pointfreeco/swift-composable-architecture",
        "type": "WatchEvent"
      },
      {
        "actor": "mkowalski-dev",
        "createdAt": 1795251760,
        "detail": "mkowalski-dev/RxSwift",
        "id": "48213376735",
        "repository": "ReactiveX/RxSwift",
        "type": "ForkEvent"
      },
      {
        "actor": "gaearon",
        "createdAt": 1795251599,
        "detail": "main",
        "id": "48213376712",
        "repository": "facebook/react",
        "type": "PushEvent"
      },
      {
        "actor": "devxoul",
        "createdAt": 1795251446,
        "detail": "branch fix/pulse-equatable",
        "id": "48213376670",
        "repository": "ReactorKit/ReactorKit",
        "type": "CreateEvent"
      },
      {
        "actor": "freak4pc",
        "createdAt": 1795251321,
        "detail": "Swift 6 strict concurrency warnings in Observable.create",
        "id": "48213376634",
        "repository": "ReactiveX/RxSwift",
        "type": "IssueCommentEvent"
      },
      {
        "actor": "stephencelis",
        "createdAt": 1795251260,
        "detail": "main",
        "id": "48213376596",
        "repository": "pointfreeco/swift-composable-architecture",
        "type": "PushEvent"
      },
      {
        "actor": "sindresorhus",
        "createdAt": 1795251073,
        "detail": "main",
        "id": "48213376543",
        "repository": "sindresorhus/awesome",
        "type": "PushEvent"
      },
      {
        "actor": "yuki-tanaka",
        "createdAt": 1795250961,
        "detail": null,
        "id": "48213376504",
        "repository": "Alamofire/Alamofire",
        "type": "WatchEvent"
      },
      {
        "actor": "pjensen",
        "createdAt": 1795250810,
        "detail": "Request body collection fails for chunked uploads over 16 MB",
        "id": "48213376472",
        "repository": "vapor/vapor",
        "type": "IssuesEvent"
      },
      {
        "actor": "0xTim",
        "createdAt": 1795250742,
        "detail": "main",
        "id": "48213376429",
        "repository": "vapor/vapor",
        "type": "PushEvent"
      },
      {
        "actor": "onevcat",
        "createdAt": 1795250651,
        "detail": "8.1.3",
        "id": "48213376384",
        "repository": "onevcat/Kingfisher",
        "type": "ReleaseEvent"
      },
      {
        "actor": "onevcat",
        "createdAt": 1795250568,
        "detail": "tag 8.1.3",
        "id": "48213376369",
        "repository": "onevcat/Kingfisher",
        "type": "CreateEvent"
      },
      {
        "actor": "onevcat",
        "createdAt": 1795250431,
        "detail": "master",
        "id": "48213376362",
        "repository": "onevcat/Kingfisher",
        "type": "PushEvent"
      },
      {
        "actor": "dev-ahmed",
        "createdAt": 1795250294,
        "detail": null,
        "id": "48213376320",
        "repository": "BurntSushi/ripgrep",
        "type": "WatchEvent"
      },
      {
        "actor": "BurntSushi",
        "createdAt": 1795250132,
        "detail": "master",
        "id": "48213376277",
        "repository": "BurntSushi/ripgrep",
        "type": "PushEvent"
      },
      {
        "actor": "SimplyDanny",
        "createdAt": 1795250059,
        "detail": "Add rule for redundant Sendable conformances",
        "id": "48213376266",
        "repository": "realm/SwiftLint",
        "type": "PullRequestEvent"
      },
      {
        "actor": "Lukasa",
        "createdAt": 1795249986,
        "detail": "main",
        "id": "48213376230",
        "repository": "apple/swift-nio",
        "type": "PushEvent"
      },
      {
        "actor": "weissi",
        "createdAt": 1795249794,
        "detail": "NIOAsyncChannel leaks file descriptors when the consumer is cancelled",
        "id": "48213376223",
        "repository": "apple/swift-nio",
        "type": "IssueCommentEvent"
      },
      {
        "actor": "carla-m",
        "createdAt": 1795249712,
        "detail": null,
        "id": "48213376216",
        "repository": "vapor/vapor",
        "type": "WatchEvent"
      },
      {
        "actor": "mbrandonw",
        "createdAt": 1795249615,
        "detail": "main",
        "id": "48213376212",
        "repository": "pointfreeco/swift-composable-architecture",
        "type": "PushEvent"
      },
      {
        "actor": "mbrandonw",
        "createdAt": 1795249563,
        "detail": "branch shared-state-beta",
        "id": "48213376163",
        "repository": "pointfreeco/swift-composable-architecture",
        "type": "DeleteEvent"
      },
      {
        "actor": "tiangolo",
        "createdAt": 1795249508,
        "detail": "master",
        "id": "48213376149",
        "repository": "fastapi/fastapi",
        "type": "PushEvent"
      },
      {
        "actor": "ivan-petrov",
        "createdAt": 1795249338,
        "detail": null,
        "id": "48213376116",
        "repository": "fastapi/fastapi",
        "type": "WatchEvent"
      },
      {
        "actor": "yyx990803",
        "createdAt": 1795249148,
        "detail": "main",
        "id": "48213376067",
        "repository": "vuejs/core",
        "type": "PushEvent"
      },
      {
        "actor": "kzaher",
        "createdAt": 1795248952,
        "detail": "Swift 6 strict concurrency warnings in Observable.create",
        "id": "48213376030",
        "repository": "ReactiveX/RxSwift",
        "type": "IssueCommentEvent"
      },
      {
        "actor": "dtolnay",
        "createdAt": 1795248776,
        "detail": "master",
        "id": "48213376016",
        "repository": "serde-rs/serde",
        "type": "PushEvent"
      },
      {
        "actor": "dtolnay",
        "createdAt": 1795248673,
        "detail": "tag v1.0.219",
        "id": "48213375968",
        "repository": "serde-rs/serde",
        "type": "CreateEvent"
      },
      {
        "actor": "sofia-ramos",
        "createdAt": 1795248519,
        "detail": "sofia-ramos/react",
        "id": "48213375924",
        "repository": "facebook/react",
        "type": "ForkEvent"
      },
      {
        "actor": "Darksonn",
        "createdAt": 1795248369,
        "detail": "master",
        "id": "48213375868",
        "repository": "tokio-rs/tokio",
        "type": "PushEvent"
      },
      {
        "actor": "noah-becker",
        "createdAt": 1795248217,
        "detail": "Support Swift 6 strict concurrency in Reactor protocol",
        "id": "48213375808",
        "repository": "ReactorKit/ReactorKit",
        "type": "IssuesEvent"
      },
      {
        "actor": "marco-rossi",
        "createdAt": 1795248181,
        "detail": null,
        "id": "48213375796",
        "repository": "apple/swift",
        "type": "WatchEvent"
      },
      {
        "actor": "junegunn",
        "createdAt": 1795248004,
        "detail": "master",
        "id": "48213375746",
        "repository": "junegunn/fzf",
        "type": "PushEvent"
      },
      {
        "actor": "timneutkens",
        "createdAt": 1795247875,
        "detail": "Update turbopack to latest canary",
        "id": "48213375726",
        "repository": "vercel/next.js",
        "type": "PullRequestEvent"
      },
      {
        "actor": "jesseduffield",
        "createdAt": 1795247797,
        "detail": "master",
        "id": "48213375709",
        "repository": "jesseduffield/lazygit",
        "type": "PushEvent"
      },
      {
        "actor": "nicklockwood",
        "createdAt": 1795247632,
        "detail": "Wrap arguments rule breaks trailing closures in SwiftUI builders",
        "id": "48213375688",
        "repository": "nicklockwood/SwiftFormat",
        "type": "IssueCommentEvent"
      },
      {
        "actor": "nicklockwood",
        "createdAt": 1795247568,
        "detail": "develop",
        "id": "48213375683",
        "repository": "nicklockwood/SwiftFormat",
        "type": "PushEvent"
      },
      {
        "actor": "emma-lindqvist",
        "createdAt": 1795247412,
        "detail": null,
        "id": "48213375664",
        "repository": "sharkdp/bat",
        "type": "WatchEvent"
      },
      {
        "actor": "sharkdp",
        "createdAt": 1795247217,
        "detail": "master",
        "id": "48213375649",
        "repository": "sharkdp/bat",
        "type": "PushEvent"
      },
      {
        "actor": "kean",
        "createdAt": 1795247057,
        "detail": "task/swift-6-mode",
        "id": "48213375607",
        "repository": "kean/Nuke",
        "type": "PushEvent"
      },
      {
        "actor": "kean",
        "createdAt": 1795246975,
        "detail": "branch task/swift-6-mode",
        "id": "48213375562",
        "repository": "kean/Nuke",
        "type": "CreateEvent"
      },
      {
        "actor": "lena-codes",
        "createdAt": 1795246816,
        "detail": "Store scoping crashes in preview when state is optional",
        "id": "48213375544",
        "repository": "pointfreeco/swift-composable-architecture",
        "type": "IssuesEvent"
      },
      {
        "actor": "groue",
        "createdAt": 1795246744,
        "detail": "development",
        "id": "48213375500",
        "repository": "groue/GRDB.swift",
        "type": "PushEvent"
      },
      {
        "actor": "mkowalski-dev",
        "createdAt": 1795246686,
        "detail": null,
        "id": "48213375455",
        "repository": "mkowalski-dev/reactor-playground",
        "type": "PublicEvent"
      },
      {
        "actor": "mkowalski-dev",
        "createdAt": 1795246496,
        "detail": "repository",
        "id": "48213375451",
        "repository": "mkowalski-dev/reactor-playground",
        "type": "CreateEvent"
      },
      {
        "actor": "hiro-sato",
        "createdAt": 1795246358,
        "detail": null,
        "id": "48213375429",
        "repository": "ollama/ollama",
        "type": "WatchEvent"
      },
      {
        "actor": "antirez",
        "createdAt": 1795246206,
        "detail": "unstable",
        "id": "48213375424",
        "repository": "redis/redis",
        "type": "PushEvent"
      },
      {
        "actor": "davidism",
        "createdAt": 1795246152,
        "detail": "Drop support for Python 3.9",
        "id": "48213375371",
        "repository": "pallets/flask",
        "type": "PullRequestEvent"
      },
      {
        "actor": "davidism",
        "createdAt": 1795246021,
        "detail": "main",
        "id": "48213375328",
        "repository": "pallets/flask",
        "type": "PushEvent"
      },
      {
        "actor": "pjensen",
        "createdAt": 1795245917,
        "detail": "pjensen/vapor",
        "id": "48213375321",
        "repository": "vapor/vapor",
        "type": "ForkEvent"
      },
      {
        "actor": "bagder",
        "createdAt": 1795245820,
        "detail": "master",
        "id": "48213375296",
        "repository": "curl/curl",
        "type": "PushEvent"
      },
      {
        "actor": "ambv",
        "createdAt": 1795245650,
        "detail": "Preview style moves comments after return annotations",
        "id": "48213375244",
        "repository": "psf/black",
        "type": "IssueCommentEvent"
      },
      {
        "actor": "anna-schmidt",
        "createdAt": 1795245576,
        "detail": null,
        "id": "48213375196",
        "repository": "zed-industries/zed",
        "type": "WatchEvent"
      },
      {
        "actor": "mxcl",
        "createdAt": 1795245453,
        "detail": "master",
        "id": "48213375191",
        "repository": "mxcl/PromiseKit",
        "type": "PushEvent"
      },
      {
        "actor": "devxoul",
        "createdAt": 1795245395,
        "detail": null,
        "id": "48213375135",
        "repository": "ReactorKit/ReactorKit",
        "type": "MemberEvent"
      },
      {
        "actor": "gitster",
        "createdAt": 1795245342,
        "detail": "next",
        "id": "48213375131",
        "repository": "git/git",
        "type": "PushEvent"
      },
      {
        "actor": "dev-ahmed",
        "createdAt": 1795245192,
        "detail": "gh repo clone ignores --depth for template repositories",
        "id": "48213375103",
        "repository": "cli/cli",
        "type": "IssuesEvent"
      },
      {
        "actor": "tomas-novak",
        "createdAt": 1795245105,
        "detail": null,
        "id": "48213375093",
        "repository": "cli/cli",
        "type": "WatchEvent"
      },
      {
        "actor": "twostraws",
        "createdAt": 1795245014,
        "detail": "main",
        "id": "48213375082",
        "repository": "twostraws/ControlRoom",
        "type": "PushEvent"
      },
      {
        "actor": "lorentey",
        "createdAt": 1795244923,
        "detail": "Add UniqueArray and RigidArray noncopyable containers",
        "id": "48213375035",
        "repository": "apple/swift-collections",
        "type": "PullRequestEvent"
      },
      {
        "actor": "natecook1000",
        "createdAt": 1795244767,
        "detail": "main",
        "id": "48213375021",
        "repository": "apple/swift-argument-parser",
        "type": "PushEvent"
      },
      {
        "actor": "natecook1000",
        "createdAt": 1795244572,
        "detail": "branch completion-fixes",
        "id": "48213374998",
        "repository": "apple/swift-argument-parser",
        "type": "CreateEvent"
      },
      {
        "actor": "priya-nair",
        "createdAt": 1795244477,
        "detail": null,
        "id": "48213374955",
        "repository": "apple/swift-argument-parser",
        "type": "WatchEvent"
      },
      {
        "actor": "Dimillian",
        "createdAt": 1795244418,
        "detail": "main",
        "id": "48213374920",
        "repository": "Dimillian/IceCubesApp",
        "type": "PushEvent"
      },
      {
        "actor": "Dimillian",
        "createdAt": 1795244314,
        "detail": "branch fix-timeline-cache",
        "id": "48213374891",
        "repository": "Dimillian/IceCubesApp",
        "type": "DeleteEvent"
      },
      {
        "actor": "gwynne",
        "createdAt": 1795244154,
        "detail": "Request body collection fails for chunked uploads over 16 MB",
        "id": "48213374845",
        "repository": "vapor/vapor",
        "type": "IssueCommentEvent"
      },
      {
        "actor": "gwynne",
        "createdAt": 1795244017,
        "detail": "main",
        "id": "48213374838",
        "repository": "vapor/fluent",
        "type": "PushEvent"
      },
      {
        "actor": "hyunjun-kim",
        "createdAt": 1795243910,
        "detail": "hyunjun-kim/ReactorKit",
        "id": "48213374827",
        "repository": "ReactorKit/ReactorKit",
        "type": "ForkEvent"
      },
      {
        "actor": "jmartin-io",
        "createdAt": 1795243846,
        "detail": null,
        "id": "48213374787",
        "repository": "Textualize/rich",
        "type": "WatchEvent"
      },
      {
        "actor": "rsc",
        "createdAt": 1795243759,
        "detail": "master",
        "id": "48213374749",
        "repository": "golang/go",
        "type": "PushEvent"
      },
      {
        "actor": "charliermarsh",
        "createdAt": 1795243671,
        "detail": "0.6.14",
        "id": "48213374691",
        "repository": "astral-sh/uv",
        "type": "ReleaseEvent"
      },
      {
        "actor": "charliermarsh",
        "createdAt": 1795243601,
        "detail": "tag 0.6.14",
        "id": "48213374686",
        "repository": "astral-sh/uv",
        "type": "CreateEvent"
      },
      {
        "actor": "charliermarsh",
        "createdAt": 1795243459,
        "detail": "main",
        "id": "48213374679",
        "repository": "astral-sh/uv",
        "type": "PushEvent"
      },
      {
        "actor": "ivan-petrov",
        "createdAt": 1795243294,
        "detail": "cmd/go: go mod tidy drops indirect requirement needed by test",
        "id": "48213374631",
        "repository": "golang/go",
        "type": "IssuesEvent"
      },
      {
        "actor": "li-wei",
        "createdAt": 1795243099,
        "detail": null,
        "id": "48213374608",
        "repository": "golang/go",
        "type": "WatchEvent"
      },
      {
        "actor": "jpsim",
        "createdAt": 1795243012,
        "detail": "main",
        "id": "48213374567",
        "repository": "realm/SwiftLint",
        "type": "PushEvent"
      },
      {
        "actor": "freak4pc",
        "createdAt": 1795242876,
        "detail": "Fix data race in ReplaySubject under heavy contention",
        "id": "48213374557",
        "repository": "ReactiveX/RxSwift",
        "type": "PullRequestEvent"
      },
      {
        "actor": "freak4pc",
        "createdAt": 1795242692,
        "detail": "branch fix/replay-subject-race",
        "id": "48213374540",
        "repository": "ReactiveX/RxSwift",
        "type": "DeleteEvent"
      },
      {
        "actor": "kzaher",
        "createdAt": 1795242522,
        "detail": "main",
        "id": "48213374494",
        "repository": "ReactiveX/RxSwift",
        "type": "PushEvent"
      },
      {
        "actor": "yuki-tanaka",
        "createdAt": 1795242469,
        "detail": "Downsampling processor ignores scale factor on visionOS",
        "id": "48213374482",
        "repository": "onevcat/Kingfisher",
        "type": "IssuesEvent"
      },
      {
        "actor": "octocat",
        "createdAt": 1795242300,
        "detail": "Hello from the GitHub API!",
        "id": "48213374423",
        "repository": "octocat/Hello-World",
        "type": "IssueCommentEvent"
      },
      {
        "actor": "carla-m",
        "createdAt": 1795242207,
        "detail": "carla-m/awesome",
        "id": "48213374387",
        "repository": "sindresorhus/awesome",
        "type": "ForkEvent"
      },
      {
        "actor": "octocat",
        "createdAt": 1795242047,
        "detail": "main",
        "id": "48213374376",
        "repository": "octocat/Spoon-Knife",
        "type": "PushEvent"
      },
      {
        "actor": "sindresorhus",
        "createdAt": 1795241870,
        "detail": "branch macos-15",
        "id": "48213374365",
        "repository": "sindresorhus/KeyboardShortcuts",
        "type": "CreateEvent"
      },
      {
        "actor": "torvalds",
        "createdAt": 1795241811,
        "detail": "master",
        "id": "48213374326",
        "repository": "torvalds/linux",
        "type": "PushEvent"
      }
    ],
    "nextPage": null
  }
no new events
