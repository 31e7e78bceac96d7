# No network: a refused connection, then a request that times out after 30 s of virtual time.
%cassette offline.t.cassette.json
%clock 2026-11-21T09:00:00Z
%seed 7
%mode text
%width 100
> query swift
query: "swift"
! error: Could not reach GitHub: Could not connect to the server.
> next
the last search failed; run 'query' again
> query rust
query: "swift" -> "rust"
! error: GitHub did not answer within 30 s; try again, or allow longer with --timeout.
> state search
search:
  {
    "duplicatesDropped": 0,
    "incompleteResults": false,
    "isLoading": false,
    "isLoadingNextPage": false,
    "lastError": {
      "code": "timeout",
      "message": "GitHub did not answer within 30 s; try again, or allow longer with --timeout.",
      "timeoutSeconds": 30
    },
    "nextPage": null,
    "order": "desc",
    "query": "rust",
    "repos": [],
    "sort": "best",
    "totalCount": null
  }
%status 3
