# Recorded by reactor 0.1.0. Replay: reactor replay signup-taken.t
%data offline-sample
%cassette signup-taken.t.cassette.json
%clock 2026-11-21T09:15:53Z
%seed 3
%mode text
%width 100
> signup nvie ******** ********
username: "nvie" checking...
username: "nvie" — Username already taken
password: set, valid
repeat: set, matches
! error: cannot submit: username is taken
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
    "username": "nvie",
    "usernameMessage": "Username already taken",
    "usernameStatus": "taken"
  }
%status 1
