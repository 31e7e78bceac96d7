%offline
> query swift &
query: nil -> "swift"
\> escaped
