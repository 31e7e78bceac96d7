# A 200 whose body is not the JSON expected: HTML, a wrong type, a missing field.
%cassette non-json.t.cassette.json
%clock 2026-11-21T09:00:00Z
%seed 7
%mode text
%width 100
> query swift
query: "swift"
! error: GitHub sent a response that is not the expected JSON (not valid JSON).
> query rust
query: "swift" -> "rust"
! error: GitHub sent a response that is not the expected JSON (unexpected value at 'total_count').
> query go
query: "rust" -> "go"
! error: GitHub sent a response that is not the expected JSON (missing field 'stargazers_count').
> state search
search:
  {
    "duplicatesDropped": 0,
    "incompleteResults": false,
    "isLoading": false,
    "isLoadingNextPage": false,
    "lastError": {
      "code": "invalid-response",
      "message": "GitHub sent a response that is not the expected JSON (missing field 'stargazers_count')."
    },
    "nextPage": null,
    "order": "desc",
    "query": "go",
    "repos": [],
    "sort": "best",
    "totalCount": null
  }
%status 3
