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
> repeat =======
repeat: set — Passwords do not match
> repeat ++++++++
repeat: set, matches
> password ~~~~~~~~
password: set, valid
repeat: set — Passwords do not match
> repeat ~~~~~~~~
repeat: set, matches
> submit &
submitting...
> submit
! error: a submission is already in flight
> sleep 2s
! error: Signup failed: the signup server is busy; try again
> submit
submitting...
Welcome, zz9newbie! Your account is ready.
> username zz9other
username: "zz9other" checking...
username: "zz9other" — Username available
> state signup
signup:
  {
    "isSubmitting": false,
    "passwordMessage": null,
    "passwordSet": true,
    "passwordValid": true,
    "repeatMessage": null,
    "repeatSet": true,
    "repeatValid": true,
    "result": null,
    "username": "zz9other",
    "usernameMessage": "Username available",
    "usernameStatus": "available"
  }
%status 1
