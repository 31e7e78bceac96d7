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
