# Recorded by reactor 0.1.0. Replay: reactor replay parse-errors.t
%data offline-sample
%cassette parse-errors.t.cassette.json
%clock 2026-11-21T09:08:41Z
%seed 7
%mode text
%width 100
> serch swift
! error: unknown command 'serch'; did you mean 'search'?
> qurey x
! error: unknown command 'qurey'; did you mean 'query'?
> open
! error: open: expected <n>
> open x
! error: open: expected a result number (1 or more), got 'x'
> open 0
! error: open: expected a result number (1 or more), got '0'
> state nope
! error: state: expected one of search, signup, feed, rateLimit, got 'nope'
> help nope
! error: unknown command 'nope'; type 'help' for the list
> query "unterminated
! error: query: unterminated double quote
> sleep forever
! error: sleep: expected a duration such as 500ms, 2s or 1m (at most 1h), got 'forever'
> next extra
! error: next: expected a number of pages from 1 to 100, or 'all', got 'extra'
> quit now
! error: quit: unexpected argument 'now'
> # a comment line
> 
%status 1
