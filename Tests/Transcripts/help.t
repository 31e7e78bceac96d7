# Recorded by reactor 0.1.0. Replay: reactor replay help.t
%data offline-sample
%cassette help.t.cassette.json
%clock 2026-11-21T09:08:41Z
%seed 7
%mode text
%width 100
> help
commands:
  query [<text>...]                  search GitHub repositories
  next [<n>|all]                     load the next page of results (or n pages, or all)
  sort [<by>]                        show or set the order of search results (re-runs the search)
  order [asc|desc]                   show or set the direction of a sorted search (re-runs it)
  open <n>                           open result n in a browser
  engine [reactor|feedback]          show or switch the search engine (resets search)
  username [<name>]                  set the signup username (checks availability)
  password [<password>]              set the signup password (prompts on a terminal)
  repeat [<password>]                repeat the signup password
  submit                             submit the signup form
  signup <name> <password> <repeat>  fill the signup form, wait for validation, submit
  refresh                            load the newest public events
  more                               load the next page of events
  state [<feature>]                  print the state of a feature (or all)
  limits                             show GitHub's rate-limit budget and where the token came from
  help [<command>]                   list commands, or explain one
  cancel [<id>]                      stop work in flight (all of it, or one daemon request)
  sleep <duration>                   wait, e.g. sleep 1.5s (virtual time in replays)
  live [<feature>] [<words>...]      open a feature's full-screen view (search as you type)
  history [<feature>] [<n>]          list the last n changes (default 20)
  diff <seq> [<seq>]                 what changed between two changes (or since one)
  goto <seq>                         put a feature's state back to what it was after a change
  undo                               take back the last command's changes
  redo                               put back what undo took back
  why <feature> <json-pointer>       which change last set a value, and its value before
  watch <feature> <json-pointer>     report every change of a value
  unwatch [<feature> [<pointer>]]    stop watching (all, a feature's, or one)
  trace on|off                       report effects as they start and end
  quit                               leave (Ctrl-D does the same)
Words split like a shell's: quote text with spaces; # starts a comment. A line ending in & runs in
the background: the next line is read at once (Ctrl-C or 'cancel' stops it).
data: built-in offline sample (a snapshot written for demos; not live GitHub data)
> help query
usage: query [<text>...]
  search GitHub repositories
  Searches repositories with GitHub's query syntax, e.g. query "swift language:swift stars:>1000". A
  new query cancels the one in flight. With no text, clears the results.
  also: search
> help search
usage: query [<text>...]
  search GitHub repositories
  Searches repositories with GitHub's query syntax, e.g. query "swift language:swift stars:>1000". A
  new query cancels the one in flight. With no text, clears the results.
  also: search
> help sleep
usage: sleep <duration>
  wait, e.g. sleep 1.5s (virtual time in replays)
  Waits for 250ms, 2s, 1.5s or 1m; effects in flight go on meanwhile. In a replay it advances the
  virtual clock.
