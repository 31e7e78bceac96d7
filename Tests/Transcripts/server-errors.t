# 5xx answers: an HTML 503 (its body is not shown), a JSON 502 (its message is), an empty 500.
%cassette server-errors.t.cassette.json
%clock 2026-11-21T09:00:00Z
%seed 7
%mode text
%width 100
> query swift
query: "swift"
error: GitHub had a server error (HTTP 503); try again later.
> query rust
query: "swift" -> "rust"
error: GitHub had a server error (HTTP 502): Server Error.
> query go
query: "rust" -> "go"
error: GitHub had a server error (HTTP 500); try again later.
> help next
usage: next
  load the next page of results
  Loads the next 30 results. Says why when there is no next page or a page is still loading.
