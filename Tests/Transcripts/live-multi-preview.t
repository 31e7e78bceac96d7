# --multi and --preview on the offline sample, written by hand and filled in by --update: the
# pane beside the list follows the selection, Tab marks and moves down, Shift-Tab moves up and
# unmarks, ? hides and shows the pane, and Enter prints the marked rows in the order marked.
%offline
%throttle 0
%multi
%preview
%live search language:swift
%size 100x10
@10ms screen first page
| search> language:swift
|>   1. vsouza/awesome-ios      ★ 50k    Swift      │vsouza/awesome-ios
|    2. Alamofire/Alamofire     ★ 41.2k  Swift      │A curated list of awesome iOS ecosystem,
|    3. iina/iina               ★ 40k    Swift      │including Objective-C and Swift Projects
|    4. MonitorControl/Monitor… ★ 28k    Swift      │
|    5. exelban/stats           ★ 28k    Swift      │Language  Swift
|    6. danielgindi/Charts      ★ 27.5k  Swift      │Stars     50,000
|    7. rxhanson/Rectangle      ★ 27k    Swift      │Forks     6,800
|    8. airbnb/lottie-ios       ★ 25.6k  Swift      │Topics    ios, swift, awesome, awesome-list
| 30 of 147
@100ms key <tab><tab><down><tab><backtab>
@110ms screen two marked, the pane on the fourth
| search> language:swift
| +  1. vsouza/awesome-ios      ★ 50k    Swift      │MonitorControl/MonitorControl
| +  2. Alamofire/Alamofire     ★ 41.2k  Swift      │Control your display's brightness & volume on
|    3. iina/iina               ★ 40k    Swift      │your Mac as if it was a native Apple Display.
|>   4. MonitorControl/Monitor… ★ 28k    Swift      │
|    5. exelban/stats           ★ 28k    Swift      │Language  Swift
|    6. danielgindi/Charts      ★ 27.5k  Swift      │Stars     28,000
|    7. rxhanson/Rectangle      ★ 27k    Swift      │Forks     800
|    8. airbnb/lottie-ios       ★ 25.6k  Swift      │Topics    swift, macos, brightness, monitor
| 30 of 147 · 2 marked
@200ms key ?
@210ms screen the pane hidden
| search> language:swift
| +  1. vsouza/awesome-ios                   ★ 50k    Swift       A curated list of awesome iOS ecosy…
| +  2. Alamofire/Alamofire                  ★ 41.2k  Swift       Elegant HTTP Networking in Swift
|    3. iina/iina                            ★ 40k    Swift       The modern video player for macOS.
|>   4. MonitorControl/MonitorControl        ★ 28k    Swift       Control your display's brightness &…
|    5. exelban/stats                        ★ 28k    Swift       macOS system monitor in your menu b…
|    6. danielgindi/Charts                   ★ 27.5k  Swift       Beautiful charts for iOS/tvOS/OSX! …
|    7. rxhanson/Rectangle                   ★ 27k    Swift       Move and resize windows on macOS wi…
|    8. airbnb/lottie-ios                    ★ 25.6k  Swift       An iOS library to natively render A…
| 30 of 147 · 2 marked
@300ms key ?<down><tab>
@310ms screen three marked
| search> language:swift
| +  1. vsouza/awesome-ios      ★ 50k    Swift      │danielgindi/Charts
| +  2. Alamofire/Alamofire     ★ 41.2k  Swift      │Beautiful charts for iOS/tvOS/OSX! The Apple side
|    3. iina/iina               ★ 40k    Swift      │of the crossplatform MPAndroidChart.
|    4. MonitorControl/Monitor… ★ 28k    Swift      │
| +  5. exelban/stats           ★ 28k    Swift      │Language  Swift
|>   6. danielgindi/Charts      ★ 27.5k  Swift      │Stars     27,500
|    7. rxhanson/Rectangle      ★ 27k    Swift      │Forks     6,000
|    8. airbnb/lottie-ios       ★ 25.6k  Swift      │Topics    swift, charts, ios, graphs
| 30 of 147 · 3 marked
@400ms key <enter>
@400ms screen end
| search> language:swift
| +  1. vsouza/awesome-ios      ★ 50k    Swift      │danielgindi/Charts
| +  2. Alamofire/Alamofire     ★ 41.2k  Swift      │Beautiful charts for iOS/tvOS/OSX! The Apple side
|    3. iina/iina               ★ 40k    Swift      │of the crossplatform MPAndroidChart.
|    4. MonitorControl/Monitor… ★ 28k    Swift      │
| +  5. exelban/stats           ★ 28k    Swift      │Language  Swift
|>   6. danielgindi/Charts      ★ 27.5k  Swift      │Stars     27,500
|    7. rxhanson/Rectangle      ★ 27k    Swift      │Forks     6,000
|    8. airbnb/lottie-ios       ★ 25.6k  Swift      │Topics    swift, charts, ios, graphs
| 30 of 147 · 3 marked
@400ms print vsouza/awesome-ios
@400ms print Alamofire/Alamofire
@400ms print exelban/stats
@400ms exit 0
