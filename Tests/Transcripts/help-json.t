# Recorded by reactor 0.1.0. Replay: reactor replay help-json.t
%data offline-sample
%cassette help-json.t.cassette.json
%clock 2026-11-21T09:08:41Z
%seed 7
%mode json
%width 100
> help
{"commands":[{"aliases":["search"],"name":"query","summary":"search GitHub repositories","usage":"query [<text>...]"},{"aliases":[],"name":"next","summary":"load the next page of results","usage":"next"},{"aliases":[],"name":"open","summary":"open result n in a browser","usage":"open <n>"},{"aliases":[],"name":"username","summary":"set the signup username (checks availability)","usage":"username [<name>]"},{"aliases":[],"name":"password","summary":"set the signup password (prompts on a terminal)","usage":"password [<password>]"},{"aliases":[],"name":"repeat","summary":"repeat the signup password","usage":"repeat [<password>]"},{"aliases":[],"name":"submit","summary":"submit the signup form","usage":"submit"},{"aliases":[],"name":"signup","summary":"fill the signup form, wait for validation, submit","usage":"signup <name> <password> <repeat>"},{"aliases":[],"name":"refresh","summary":"load the newest public events","usage":"refresh"},{"aliases":[],"name":"more","summary":"load the next page of events","usage":"more"},{"aliases":[],"name":"state","summary":"print the state of a feature (or all)","usage":"state [<feature>]"},{"aliases":["?"],"name":"help","summary":"list commands, or explain one","usage":"help [<command>]"},{"aliases":[],"name":"cancel","summary":"stop work in flight (all of it, or one daemon request)","usage":"cancel [<id>]"},{"aliases":[],"name":"engine","summary":"show or switch the search engine (resets search)","usage":"engine [reactor|feedback]"},{"aliases":[],"name":"sleep","summary":"wait, e.g. sleep 1.5s (virtual time in replays)","usage":"sleep <duration>"},{"aliases":["exit"],"name":"quit","summary":"leave (Ctrl-D does the same)","usage":"quit"}],"data":"built-in offline sample (a snapshot written for demos; not live GitHub data)","type":"help"}
> help open
{"commands":[{"aliases":[],"name":"open","summary":"open result n in a browser","usage":"open <n>"}],"data":"built-in offline sample (a snapshot written for demos; not live GitHub data)","type":"help"}
> serch
{"code":"unknown-command","message":"unknown command 'serch'; did you mean 'search'?","type":"error"}
