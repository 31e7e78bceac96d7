# Recorded by reactor 0.1.0. Replay: reactor replay search-no-results.t
%data offline-sample
%cassette search-no-results.t.cassette.json
%clock 2026-11-21T09:08:41Z
%seed 7
%mode text
%width 100
> query zzzznotarepository
query: "zzzznotarepository"
no results for "zzzznotarepository"
> next
no more results
> open 1
! error: open: no result 1; there are no results
%status 1
