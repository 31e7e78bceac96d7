# A daemon session: every input line is a request; its records carry its id and end with
# one 'end'. 'query sw &' is still in flight (300 ms) when 'query swift' (100 ms) replaces
# it, so it ends 'cancelled'; 'cancel' of an unknown id is an error; bad input gets an
# error record and the daemon goes on. The ready record names the version: matched by glob.
# Engine-neutral: the answers' "mutation" names differ by effect style (reactor: setRepos,
# appendRepos, setError; feedback: response, failed), so they are matched with (glob).
%daemon
%cassette race.t.cassette.json
%clock 2026-11-21T09:00:00Z
> {"id":"a","command":"query sw"} &
{"features":["search","signup","feed"],"type":"ready","version":"*"} (glob)
{"id":"a","type":"begin"}
{"action":"query","feature":"search","id":"a","mutation":"*","patch":[{"op":"replace","path":"/query","value":"sw"},{"op":"replace","path":"/isLoading","value":
> {"id":"b","command":"query swift"}
{"id":"b","type":"begin"}
{"action":"query","feature":"search","id":"b","mutation":"*","patch":[{"op":"replace","path":"/query","value":"swift"}],"seq":2,"type":"change"} (glob)
{"id":"a","status":"cancelled","type":"end"}
{"action":"query","feature":"search","id":"b","mutation":"*","patch":[{"op":"replace","path":"/repos","value":[{"description":"The Swift Programming Language","
{"id":"b","status":"ok","type":"end"}
> {"id":"c","command":"cancel zzz"}
{"id":"c","type":"begin"}
{"code":"not-found","id":"c","message":"cancel: no request 'zzz' is in flight","type":"error"}
{"id":"c","status":"error","type":"end"}
> {"id": true}
{"code":"invalid-request","id":4,"message":"line 4: expected {\"id\": <string or number>, \"command\": \"...\"}","type":"error"}
