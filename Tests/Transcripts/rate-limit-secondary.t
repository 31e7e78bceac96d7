# Secondary rate limits: a 403 with Retry-After, and a 429 without it.
%cassette rate-limit-secondary.t.cassette.json
%clock 2026-11-21T09:00:00Z
%seed 7
%mode text
%width 100
> query swift
query: "swift"
! error: GitHub secondary rate limit reached; retry in 60 s.
> query rust
query: "swift" -> "rust"
! error: GitHub secondary rate limit reached; retry in a minute.
> state search
search:
  {
    "duplicatesDropped": 0,
    "incompleteResults": false,
    "isLoading": false,
    "isLoadingNextPage": false,
    "lastError": {
      "code": "secondary-rate-limited",
      "message": "GitHub secondary rate limit reached; retry in a minute."
    },
    "nextPage": null,
    "order": "desc",
    "query": "rust",
    "repos": [],
    "sort": "best",
    "totalCount": null
  }
%status 5
