# 5xx answers: an HTML 503 (its body is not shown), a JSON 502 (its message is), an empty 500.
%cassette server-errors.t.cassette.json
%clock 2026-11-21T09:00:00Z
%seed 7
%mode text
%width 100
> query swift
query: "swift"
! error: GitHub had a server error (HTTP 503); try again later.
> query rust
query: "swift" -> "rust"
! error: GitHub had a server error (HTTP 502): Server Error.
> query go
query: "rust" -> "go"
! error: GitHub had a server error (HTTP 500); try again later.
> help next
usage: next [<n>|all]
  load the next page of results (or n pages, or all)
  Loads the next 30 results; 'next 3' loads three pages, 'next all' every page to the end or to
  GitHub's 1,000-result cap, each as it arrives (Ctrl-C stops and keeps what arrived). A repository
  a later page repeats is listed once. Says why when there is no next page or a page is still
  loading.
%status 3
