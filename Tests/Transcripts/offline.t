# No network: a refused connection, then a request that times out after 30 s of virtual time.
%cassette offline.t.cassette.json
%clock 2026-11-21T09:00:00Z
%seed 7
%mode text
%width 100
> query swift
query: "swift"
error: Could not reach GitHub: Could not connect to the server.
> next
the last search failed; run 'query' again
> query rust
query: "swift" -> "rust"
error: GitHub did not answer in time.
> state search
search:
  {
    "incompleteResults": false,
    "isLoading": false,
    "isLoadingNextPage": false,
    "lastError": {
      "code": "timeout",
      "message": "GitHub did not answer in time."
    },
    "nextPage": null,
    "query": "rust",
    "repos": [],
    "totalCount": null
  }
