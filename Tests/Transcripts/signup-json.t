# Recorded by reactor 0.1.0. Replay: reactor replay signup-json.t
%data offline-sample
%cassette signup-json.t.cassette.json
%clock 2026-11-21T09:15:56Z
%seed 3
%mode json
%width 100
> signup zz9newbie ******** ********
{"action":"username","feature":"signup","mutation":"setUsername","patch":[{"op":"replace","path":"/username","value":"zz9newbie"},{"op":"replace","path":"/usernameStatus","value":"checking"},{"op":"replace","path":"/usernameMessage","value":"checking..."}],"seq":1,"type":"change"}
{"action":"username","feature":"signup","mutation":"setUsernameStatus","patch":[{"op":"replace","path":"/usernameStatus","value":"available"},{"op":"replace","path":"/usernameMessage","value":"Username available"}],"seq":2,"type":"change"}
{"action":"password","feature":"signup","mutation":"setPassword","patch":[{"op":"replace","path":"/passwordSet","value":true},{"op":"replace","path":"/passwordValid","value":true}],"seq":3,"type":"change"}
{"action":"repeat","feature":"signup","mutation":"setRepeat","patch":[{"op":"replace","path":"/repeatSet","value":true},{"op":"replace","path":"/repeatValid","value":true}],"seq":4,"type":"change"}
{"action":"submit","feature":"signup","mutation":"setSubmitting","patch":[{"op":"replace","path":"/isSubmitting","value":true}],"seq":5,"type":"change"}
{"action":"submit","feature":"signup","mutation":"setSubmitResult","patch":[{"op":"replace","path":"/isSubmitting","value":false},{"op":"replace","path":"/result","value":{"message":"Signup failed: the signup server is busy; try again","ok":false}}],"seq":6,"type":"change"}
{"code":"signup-failed","feature":"signup","message":"Signup failed: the signup server is busy; try again","type":"error"}
> state signup
{"feature":"signup","state":{"isSubmitting":false,"passwordMessage":null,"passwordSet":true,"passwordValid":true,"repeatMessage":null,"repeatSet":true,"repeatValid":true,"result":{"message":"Signup failed: the signup server is busy; try again","ok":false},"username":"zz9newbie","usernameMessage":"Username available","usernameStatus":"available"},"type":"state"}
%status 1
