# Recorded by reactor 0.1.0. Replay: reactor replay race.t
# Engine-neutral: the answers' "mutation" names differ by effect style (reactor: setRepos,
# appendRepos, setError; feedback: response, failed), so they are matched with (glob).
%data offline-sample
# The race on purpose: 'query sw' is sent without waiting (&); its answer takes 300 ms of
# virtual time, and 'query swift' (100 ms) is sent while it is in flight. The stale 'sw'
# page must never land: the last change is swift's setRepos, and the final state holds swift.
# The cassette's latencies were set by hand to make the race certain.
%cassette race.t.cassette.json
%clock 2026-11-21T09:08:42Z
%seed 7
%mode json
%width 100
> query sw &
{"action":"query","feature":"search","mutation":"*","patch":[{"op":"replace","path":"/query","value":"sw"},{"op":"replace","path":"/isLoading","value":true}],"s
> query swift
{"action":"query","feature":"search","mutation":"*","patch":[{"op":"replace","path":"/query","value":"swift"}],"seq":2,"type":"change"} (glob)
{"action":"query","feature":"search","mutation":"*","patch":[{"op":"replace","path":"/repos","value":[{"description":"The Swift Programming Language","fullName"
