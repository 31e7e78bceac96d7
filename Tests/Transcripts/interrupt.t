# Control-C as a recording at a terminal writes it: the interrupted command with "&", then "^C".
%offline
%seed 7
> signup zz9newbie ******** ******** &
username: "zz9newbie" checking...
username: "zz9newbie" — Username available
password: set, valid
repeat: set, matches
submitting...
> ^C
! error: Signup failed: cancelled
> sleep 2s
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
    "result": {
      "message": "Signup failed: cancelled",
      "ok": false
    },
    "username": "zz9newbie",
    "usernameMessage": "Username available",
    "usernameStatus": "available"
  }
> sleep 30s &
> ^C
sleep cancelled
> help next
usage: next [<n>|all]
  load the next page of results (or n pages, or all)
  Loads the next 30 results; 'next 3' loads three pages, 'next all' every page to the end or to
  GitHub's 1,000-result cap, each as it arrives (Ctrl-C stops and keeps what arrived). A repository
  a later page repeats is listed once. Says why when there is no next page or a page is still
  loading.
