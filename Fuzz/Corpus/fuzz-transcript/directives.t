# c
%cassette x.json
%seed 42
%clock 2026-11-21T09:00:00Z
%mode json
%width 80

> help
# note
line (glob)
> >
