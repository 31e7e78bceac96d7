# Sorting on the offline sample, which sorts by stars and forks for real: 'sort' and 'order'
# run the search again; a sort: qualifier typed into the query is ignored by GitHub's REST
# API, and the user is told.
%offline
%clock 2026-11-21T09:00:00Z
%seed 7
%mode text
%width 100
> sort
sort: best
> sort forks
sort: best -> forks (descending)
> query vapor stars:>1000
query: "vapor stars:>1000"
+ 2 repos (1-2) of 2
   1. vapor/vapor                    ★ 24.8k  Swift       A server-side Swift HTTP web framework.
   2. vapor/fluent                   ★ 1.3k   Swift       Vapor ORM (queries, models, and relations…
> order asc
order: descending -> ascending (sort: forks)
+ 2 repos (1-2) of 2
   1. vapor/fluent                   ★ 1.3k   Swift       Vapor ORM (queries, models, and relations…
   2. vapor/vapor                    ★ 24.8k  Swift       A server-side Swift HTTP web framework.
> sort
sort: forks, asc
> sort forks
sort: already forks
> order
sort: forks, asc
> query vapor sort:stars
GitHub's REST API ignores 'sort:stars' in the query text; use 'sort stars' to sort
query: "vapor stars:>1000" -> "vapor sort:stars"
+ 6 repos (1-6) of 6
   1. vapor/fluent-postgres-driver   ★ 150    Swift       Fluent PostgreSQL driver for Vapor
   2. vapor/leaf                     ★ 450    Swift       An expressive, performant, and extensible…
   3. vapor/postgres-nio             ★ 350    Swift       Non-blocking, event-driven Swift client f…
   4. vapor/toolbox                  ★ 470    Swift       Simplifies common command line tasks when…
   5. vapor/fluent                   ★ 1.3k   Swift       Vapor ORM (queries, models, and relations…
   6. vapor/vapor                    ★ 24.8k  Swift       A server-side Swift HTTP web framework.
> sort best
sort: forks -> best
+ 6 repos (1-6) of 6
   1. vapor/vapor                    ★ 24.8k  Swift       A server-side Swift HTTP web framework.
   2. vapor/fluent                   ★ 1.3k   Swift       Vapor ORM (queries, models, and relations…
   3. vapor/toolbox                  ★ 470    Swift       Simplifies common command line tasks when…
   4. vapor/leaf                     ★ 450    Swift       An expressive, performant, and extensible…
   5. vapor/postgres-nio             ★ 350    Swift       Non-blocking, event-driven Swift client f…
   6. vapor/fluent-postgres-driver   ★ 150    Swift       Fluent PostgreSQL driver for Vapor
> sort name
! error: sort: expected one of best, stars, forks, updated, help-wanted-issues, got 'name'
> next 0
! error: next: expected a number of pages from 1 to 100, or 'all', got '0'
%status 1
