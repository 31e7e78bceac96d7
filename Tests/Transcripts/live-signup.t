# Recorded by reactor 0.1.0. Replay: reactor replay live-signup.t
# The live signup form on the offline sample: a taken name, then a free one (throttled); a short password, a repeat that differs then matches (typed as <secret>); Shift-Tab and Tab to Sign up; Enter submits, and the next key prints the username.
%data offline-sample
%cassette live-signup.t.cassette.json
%clock 2026-11-28T13:22:28Z
%seed 1795872148698
%engine reactor
%signup-failure-rate 0.0
%signup-latency 1.5s
%throttle 300ms
%print name
%live signup
%size 80x12
@984ms key o
@985ms key cto
@1119ms key c
@1120ms key at
@1287ms screen username octocat taken
| Sign up  Tab/Shift-Tab: move · Enter: next, submit · Esc: leave
|
| › Username  octocat               Username already taken
|   Password
|   Repeat
|
|   [ Sign up ]
@2118ms key <ctrl-u>
@2319ms key reactorfan
@2420ms screen username reactorfan available
| Sign up  Tab/Shift-Tab: move · Enter: next, submit · Esc: leave
|
| › Username  reactorfan            ✓ Username available
|   Password
|   Repeat
|
|   [ Sign up ]
@3323ms key <tab>
@3624ms key <secret><secret><secret>
@3626ms screen password too short
| Sign up  Tab/Shift-Tab: move · Enter: next, submit · Esc: leave
|
|   Username  reactorfan            ✓ Username available
| › Password  •••                   Password must be at least 5 characters
|   Repeat
|
|   [ Sign up ]
@3930ms key <secret><secret><secret><secret>
@3932ms screen password valid
| Sign up  Tab/Shift-Tab: move · Enter: next, submit · Esc: leave
|
|   Username  reactorfan            ✓ Username available
| › Password  •••••••               ✓
|   Repeat
|
|   [ Sign up ]
@4233ms key <tab>
@4535ms key <secret><secret><secret><secret><secret><secret>
@4536ms screen repeat differs
| Sign up  Tab/Shift-Tab: move · Enter: next, submit · Esc: leave
|
|   Username  reactorfan            ✓ Username available
|   Password  •••••••               ✓
| › Repeat    ••••••                Passwords do not match
|
|   [ Sign up ]
@4837ms key <secret>
@4838ms screen repeat matches
| Sign up  Tab/Shift-Tab: move · Enter: next, submit · Esc: leave
|
|   Username  reactorfan            ✓ Username available
|   Password  •••••••               ✓
| › Repeat    •••••••               ✓
|
|   [ Sign up ]
@5141ms key <backtab>
@5441ms key <tab><tab>
@5944ms key <enter>
@7446ms screen signed up
| Sign up  Tab/Shift-Tab: move · Enter: next, submit · Esc: leave
|
|   Username  reactorfan            ✓ Username available
|   Password  •••••••               ✓
|   Repeat    •••••••               ✓
|
|>› [ Sign up ]
|
|
|
|
| Welcome, reactorfan! Your account is ready. · any key to leave
@8446ms key <enter>
@8446ms screen end
| Sign up  Tab/Shift-Tab: move · Enter: next, submit · Esc: leave
|
|   Username  reactorfan            ✓ Username available
|   Password  •••••••               ✓
|   Repeat    •••••••               ✓
|
|>› [ Sign up ]
|
|
|
|
| Welcome, reactorfan! Your account is ready. · any key to leave
@8446ms print reactorfan
@8446ms exit 0
