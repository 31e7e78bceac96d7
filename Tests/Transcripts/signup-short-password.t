# Recorded by reactor 0.1.0. Replay: reactor replay signup-short-password.t
%data offline-sample
%cassette signup-short-password.t.cassette.json
%clock 2026-11-21T09:15:53Z
%seed 3
%mode text
%width 100
> signup freshname9 **** ****
username: "freshname9" checking...
username: "freshname9" — Username available
password: set — Password must be at least 5 characters
repeat: set, matches
! error: cannot submit: password must be at least 5 characters
> submit
! error: cannot submit: password must be at least 5 characters
%status 1
