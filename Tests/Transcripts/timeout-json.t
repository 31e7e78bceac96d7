# A request that times out, in NDJSON: the error names the seconds of --timeout the recording
# ran with, in its message and in timeoutSeconds. Engine-neutral: the mutation names differ by
# engine, so they are matched with (glob).
%cassette offline.t.cassette.json
%clock 2026-11-21T09:00:00Z
%seed 7
%mode json
%width 100
> query swift
{"action":"query","feature":"search","mutation":"*","patch":[{"op":"replace","path":"/query","value":"swift"},{"op":"replace","path":"/isLoading","value":true}],"seq":1,"type":"change"} (glob)
{"action":"query","feature":"search","mutation":"*","patch":[{"op":"replace","path":"/isLoading","value":false},{"op":"replace","path":"/lastError","value":{"code":"offline","message":"Could not reach GitHub: Could not connect to the server."}}],"seq":2,"type":"change"} (glob)
{"code":"offline","feature":"search","message":"Could not reach GitHub: Could not connect to the server.","type":"error"}
> query rust
{"action":"query","feature":"search","mutation":"*","patch":[{"op":"replace","path":"/query","value":"rust"},{"op":"replace","path":"/isLoading","value":true},{"op":"replace","path":"/lastError","value":null}],"seq":3,"type":"change"} (glob)
{"action":"query","feature":"search","mutation":"*","patch":[{"op":"replace","path":"/isLoading","value":false},{"op":"replace","path":"/lastError","value":{"code":"timeout","message":"GitHub did not answer within 30 s; try again, or allow longer with --timeout.","timeoutSeconds":30}}],"seq":4,"type":"change"} (glob)
{"code":"timeout","feature":"search","message":"GitHub did not answer within 30 s; try again, or allow longer with --timeout.","timeoutSeconds":30,"type":"error"}
%status 3
