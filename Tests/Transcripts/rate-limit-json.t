# A primary rate limit in NDJSON: the error record carries what a script needs to wait exactly
# as long as it must (retryAfter, resetAt, remaining, limit, resource), and 'limits' is a state
# record of the budget. Engine-neutral: the mutation names differ by engine, so they are
# matched with (glob).
%cassette rate-limit-primary.t.cassette.json
%clock 2026-11-21T09:00:00Z
%seed 7
%mode json
%width 100
> limits
{"feature":"rateLimit","state":{},"tokenSource":null,"type":"state"}
> query swift
{"action":"query","feature":"search","mutation":"*","patch":[{"op":"replace","path":"/query","value":"swift"},{"op":"replace","path":"/isLoading","value":true}],"seq":1,"type":"change"} (glob)
{"action":"query","feature":"search","mutation":"*","patch":[{"op":"replace","path":"/isLoading","value":false},{"op":"replace","path":"/lastError","value":{"code":"rate-limited","limit":10,"message":"GitHub rate limit reached; resets in 42 s. Set GH_TOKEN for a higher limit.","remaining":0,"resetAt":"2026-11-21T09:00:42Z","resource":"search","retryAfter":42}}],"seq":2,"type":"change"} (glob)
{"code":"rate-limited","feature":"search","limit":10,"message":"GitHub rate limit reached; resets in 42 s. Set GH_TOKEN for a higher limit.","remaining":0,"resetAt":"2026-11-21T09:00:42Z","resource":"search","retryAfter":42,"type":"error"}
> limits
{"feature":"rateLimit","state":{"search":{"limit":10,"remaining":0,"resetAt":"2026-11-21T09:00:42Z","resource":"search","used":10}},"tokenSource":null,"type":"state"}
%status 5
