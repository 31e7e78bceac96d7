# The live API's budget and complete searches: every response states the search budget, text
# mode warns once when less than a tenth is left, 'limits' and 'state rateLimit' show it; page 2
# repeats two repositories of page 1 (results shift as stars change), which are listed once;
# page 3 says GitHub timed out.
%cassette live-budget.t.cassette.json
%clock 2026-11-21T09:00:00Z
%seed 7
%mode text
%width 100
> limits
no rate-limit budget yet: GitHub states it with every response
> query swift
query: "swift"
! warning: GitHub's search rate limit is nearly used up: 2 of 30 requests left, resets in 60 s ('limits' shows the budget)
+ 30 repos (1-30) of 60
   1. octo/lib01                     ★ 8.9k   Swift       Library number 1
   2. octo/lib02                     ★ 8.8k   Swift       Library number 2
   3. octo/lib03                     ★ 8.7k   Swift       Library number 3
   4. octo/lib04                     ★ 8.6k   Swift       Library number 4
   5. octo/lib05                     ★ 8.5k   Swift       Library number 5
   6. octo/lib06                     ★ 8.4k   Swift       Library number 6
   7. octo/lib07                     ★ 8.3k   Swift       Library number 7
   8. octo/lib08                     ★ 8.2k   Swift       Library number 8
   9. octo/lib09                     ★ 8.1k   Swift       Library number 9
  10. octo/lib10                     ★ 8k     Swift       Library number 10
  11. octo/lib11                     ★ 7.9k   Swift       Library number 11
  12. octo/lib12                     ★ 7.8k   Swift       Library number 12
  13. octo/lib13                     ★ 7.7k   Swift       Library number 13
  14. octo/lib14                     ★ 7.6k   Swift       Library number 14
  15. octo/lib15                     ★ 7.5k   Swift       Library number 15
  16. octo/lib16                     ★ 7.4k   Swift       Library number 16
  17. octo/lib17                     ★ 7.3k   Swift       Library number 17
  18. octo/lib18                     ★ 7.2k   Swift       Library number 18
  19. octo/lib19                     ★ 7.1k   Swift       Library number 19
  20. octo/lib20                     ★ 7k     Swift       Library number 20
  21. octo/lib21                     ★ 6.9k   Swift       Library number 21
  22. octo/lib22                     ★ 6.8k   Swift       Library number 22
  23. octo/lib23                     ★ 6.7k   Swift       Library number 23
  24. octo/lib24                     ★ 6.6k   Swift       Library number 24
  25. octo/lib25                     ★ 6.5k   Swift       Library number 25
  26. octo/lib26                     ★ 6.4k   Swift       Library number 26
  27. octo/lib27                     ★ 6.3k   Swift       Library number 27
  28. octo/lib28                     ★ 6.2k   Swift       Library number 28
  29. octo/lib29                     ★ 6.1k   Swift       Library number 29
  30. octo/lib30                     ★ 6k     Swift       Library number 30
> next all
+ 28 repos (31-58); 2 already listed, dropped
  31. octo/lib31                     ★ 5.9k   Swift       Library number 31
  32. octo/lib32                     ★ 5.8k   Swift       Library number 32
  33. octo/lib33                     ★ 5.7k   Swift       Library number 33
  34. octo/lib34                     ★ 5.6k   Swift       Library number 34
  35. octo/lib35                     ★ 5.5k   Swift       Library number 35
  36. octo/lib36                     ★ 5.4k   Swift       Library number 36
  37. octo/lib37                     ★ 5.3k   Swift       Library number 37
  38. octo/lib38                     ★ 5.2k   Swift       Library number 38
  39. octo/lib39                     ★ 5.1k   Swift       Library number 39
  40. octo/lib40                     ★ 5k     Swift       Library number 40
  41. octo/lib41                     ★ 4.9k   Swift       Library number 41
  42. octo/lib42                     ★ 4.8k   Swift       Library number 42
  43. octo/lib43                     ★ 4.7k   Swift       Library number 43
  44. octo/lib44                     ★ 4.6k   Swift       Library number 44
  45. octo/lib45                     ★ 4.5k   Swift       Library number 45
  46. octo/lib46                     ★ 4.4k   Swift       Library number 46
  47. octo/lib47                     ★ 4.3k   Swift       Library number 47
  48. octo/lib48                     ★ 4.2k   Swift       Library number 48
  49. octo/lib49                     ★ 4.1k   Swift       Library number 49
  50. octo/lib50                     ★ 4k     Swift       Library number 50
  51. octo/lib51                     ★ 3.9k   Swift       Library number 51
  52. octo/lib52                     ★ 3.8k   Swift       Library number 52
  53. octo/lib53                     ★ 3.7k   Swift       Library number 53
  54. octo/lib54                     ★ 3.6k   Swift       Library number 54
  55. octo/lib55                     ★ 3.5k   Swift       Library number 55
  56. octo/lib56                     ★ 3.4k   Swift       Library number 56
  57. octo/lib57                     ★ 3.3k   Swift       Library number 57
  58. octo/lib58                     ★ 3.2k   Swift       Library number 58
+ 2 repos (59-60) (incomplete: GitHub timed out)
  59. octo/lib59                     ★ 3.1k   Swift       Library number 59
  60. octo/lib60                     ★ 3k     Swift       Library number 60
> next
no more results
> limits
search: 0 of 30 requests left, resets at 2026-11-21T09:01:00Z (in 60 s), used up
> state rateLimit
rateLimit:
  {
    "search": {
      "limit": 30,
      "remaining": 0,
      "resetAt": "2026-11-21T09:01:00Z",
      "resource": "search",
      "used": 30
    }
  }
