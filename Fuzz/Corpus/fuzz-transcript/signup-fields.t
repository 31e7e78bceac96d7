# Recorded by reactor 0.1.0. Replay: reactor replay signup-fields.t
# Every signup field rule. 'username octocat &' is still being checked (400 ms of virtual
# time, set by hand in the cassette) when 'username zz9newbie' (100 ms) replaces it: the old
# answer never lands. Seed 3 makes the first submission fail and the next one succeed.
%data offline-sample
%cassette signup-fields.t.cassette.json
%clock 2026-11-21T09:15:53Z
%seed 3
%mode text
%width 100
> username
username: ""
> username octo-cat!
username: "octo-cat!" — Username can only contain letters and numbers
> username octocat &
username: "octocat" checking...
> username zz9newbie
username: "zz9newbie" checking...
username: "zz9newbie" — Username available
> password ***
password: set — Password must be at least 5 characters
> password ++++++++
password: set, valid
