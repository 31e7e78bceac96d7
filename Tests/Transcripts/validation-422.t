# A query GitHub rejects (422) shows GitHub's own message.
%cassette validation-422.t.cassette.json
%clock 2026-11-21T09:00:00Z
%seed 7
%mode text
%width 100
> query stars:>>>
query: "stars:>>>"
! error: GitHub rejected the query: Validation Failed: The search contains only logical operators (AND / OR / NOT) without any search terms.
> next
the last search failed; run 'query' again
%status 1
