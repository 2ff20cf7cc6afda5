"""The core every ruleset stands on. Standard library only; it knows no game.

- `machine`: the task stack and the one pending decision (`Machine`);
- `dice`: seeded dice of any sides kept in the state, and forced dice;
- `errors`: `IllegalAction` (stable codes), `SetupError`, dice and record errors;
- `orders`: windows and standing orders (ask / never / a condition);
- `record`: the versioned record (ruleset id and version, setup, seed, decisions);
- `registry`: the rulesets by id;
- `view`: per-player views of the state and of the event log;
- `loop`: the one "play until over" loop.

docs/ARCHITECTURE.md draws the layers.
"""
