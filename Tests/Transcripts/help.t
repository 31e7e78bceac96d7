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
> help live
usage: live [<feature>] [<words>...]
  open a feature's full-screen view (search as you type)
  Opens the live view of search (or of the feature named first) on the terminal: the query reaches
  GitHub as you type, throttled (--throttle), a newer query cancels the one in flight, and the list
  loads the next page as you scroll near its end. Enter prints the selection and returns here; Esc
  or Ctrl-C returns without one. 'live signup' opens the signup form instead: Tab moves between its
  fields, Enter on Sign up submits, and the username that signed up is printed. 'live feed' opens
  the event feed: r refreshes, the list loads more as you scroll, and Enter prints the selected
  event. Its flags are reactor's, given as it starts: --throttle <duration>, --print name|url|json,
  --multi, --preview, --json-log <file>, --color <when>, --offline (reactor live --help). See
  reactor(1), LIVE VIEW.
  live [search] [the first query]: type a query, see results as you type; Enter prints the selection
    characters, Backspace, Delete, Left, Right, Ctrl-B, Ctrl-F, Ctrl-A, Ctrl-E: edit the query;
      Ctrl-D deletes the character under the caret
    Alt-B, Alt-F, Shift-Left, Shift-Right, Ctrl-Left, Ctrl-Right: move the caret by words
    Ctrl-W, Alt-Backspace, Alt-D, Ctrl-U, Ctrl-Y: delete the word before the caret, the word after
      it, everything before it; put back what was deleted last
    Up, Down, Ctrl-P, Ctrl-K, Ctrl-N, Ctrl-J, PgUp, PgDn, Home, End, the mouse wheel: move the
      selection
    a click, a double click: select the row under the mouse; a double click does what Enter does
    Enter: print the selection (with --multi, every marked row, one a line) and exit 0
    Tab, Shift-Tab: with --multi: mark the selected row and move down; move up and unmark
    ?, Shift-Up, Shift-Down: with --preview: hide or show the pane; scroll it (without it, ? is
      typed)
    Esc, Ctrl-C, Ctrl-G, Ctrl-Q: exit 130 with nothing printed; so does Ctrl-D with an empty query
    Ctrl-L: draw the whole screen again
    Ctrl-O: open the selection in the browser
    Ctrl-Z: suspend (fg redraws the view)
  live signup [a username (type the passwords into the form)]: fill in the signup form, validated as
  you type; prints the new username
    Tab, Shift-Tab: move to the next or the previous line, round
    Down, Up, Ctrl-N, Ctrl-J, Ctrl-P, Ctrl-K: move to the next or the previous line
    Enter: on a field, move to the next line; on [ Sign up ], submit
    characters and the editing keys of search: edit the field; in a password field Ctrl-W and
      Alt-Backspace erase it whole, Alt-D to its end, and Ctrl-Y puts nothing back
    Esc, Ctrl-C, Ctrl-G, Ctrl-Q: exit 130 with nothing printed
    Ctrl-L: draw the whole screen again
    any key after the signup: print the username and exit 0
  live feed: the public event feed: scroll to load more, r refreshes; Enter prints the event
    Up, Down, Ctrl-P, Ctrl-K, Ctrl-N, Ctrl-J, PgUp, PgDn, Home, End, the mouse wheel: move the
      selection
    a click, a double click: select the row under the mouse; a double click does what Enter does
    r, Ctrl-R: refresh
    Enter: print the selected event's line (with --multi, every marked event's) and exit 0
    Tab, Shift-Tab: with --multi: mark and unmark, as in search; a refresh drops the marks
    ?, Shift-Up, Shift-Down: with --preview: hide or show the pane; scroll it
    Esc, Ctrl-C, Ctrl-G, Ctrl-Q: exit 130 with nothing printed
    Ctrl-L: draw the whole screen again
  Esc is the key once ESCDELAY milliseconds (100) pass with no byte after it; a key within them is
  that key with Alt, and no Alt-key leaves the view.
> help replay
replay is not a command of the session: it replays transcripts from a shell, as in 'reactor replay
session.t'. 'reactor replay --help' lists its flags; reactor-transcript(5) describes the files.
