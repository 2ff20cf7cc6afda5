"""Celebrity Deathmatch's scenario steps: docs/rules/SCENARIOS.md, exactly.

The core (`deathmatch.core.scenario`) reads the file, forces the dice and
declines the windows left open after the last step; this module builds the
position and plays the steps `{model, do}`, `{player, play}`,
`{player, choose: push_back}` and `{end: round}`, then checks `expect:`.

Beyond the spec (our own additions, never needed by a scenario written to it):
- a model may say `used: [ability names]` (already played);
- a model may say `orders: {ability name: order}`: standing orders
  (`deathmatch.rulesets.celebrity.orders`: ask, never, or one of the kind's conditions);
  without it every ability is on "ask", so every window is asked as the spec says;
- `expect` may also check `pending: {player, kind, model, window}` (or
  `pending: null`), `round: N`, `loot: [[q, r], ...]`, and per model `used`;
- a scenario may carry a `description`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...board import Hex, from_spec
from ...core.errors import DiceError
from ...core.scenario import Fail, Script
from . import orders
from .actions import Attack, Hold, Move, MoveAttack, Pass, PushBack, UseAbility
from .cards import load_default_cards, parse_card
from .errors import IllegalAction, SetupError
from .game import Options
from .setup import from_position
from .state import Model

TOP_KEYS = {"ruleset", "name", "description", "arena", "options", "cards", "players", "models", "loot", "beasts", "dice", "steps", "expect"}
MODEL_KEYS = {"id", "player", "card", "at", "facing", "lives", "used", "orders"}
OPTION_KEYS = {"beasts", "round_limit", "obstacles", "hidden_cards"}
EXPECT_KEYS = {"models", "score", "loot_left", "loot", "beasts", "over", "dice_left", "pending", "round"}
EXPECT_MODEL_KEYS = {"lives", "at", "facing", "alive", "used"}
USE_KEYS = {"target", "path", "to", "facing"}



_library = None


def _cards():
    global _library
    if _library is None:
        _library = load_default_cards()
    return _library


def run_scenario(data: Any, lines: dict, path: Path) -> None:
    """Play one Celebrity Deathmatch scenario; raises Fail saying what differed."""
    Runner(data, lines, path).run()


def _hex(value, what: str) -> Hex:
    if (
        isinstance(value, (list, tuple))
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return Hex(*value)
    raise Fail(f"{what}: expected a hex [q, r], got {value!r}")


def _hexes(value, what: str) -> list[Hex]:
    if not isinstance(value, list):
        raise Fail(f"{what}: expected a list of hexes [[q, r], ...]")
    return [_hex(v, f"{what}[{i}]") for i, v in enumerate(value)]


class Runner(Script):
    """A Celebrity Deathmatch scenario (the core's `Script` with this ruleset's steps)."""

    # -- the position --
    def run(self) -> None:
        d = self.header(TOP_KEYS, ("name", "arena", "players", "models"), "name, arena, players, models, steps, expect")
        arena = self.arena(from_spec, grids=("hex",))  # Celebrity Deathmatch plays on hexes
        options = self.options(d.get("options") or {})
        cards = self.cards(d.get("cards") or [])
        players = d["players"]
        if not isinstance(players, list) or not players or not all(isinstance(p, str) for p in players):
            raise self.malformed(("players",), "expected a list of player names")
        self.standing_orders: dict = {}
        models = self.models(d["models"], cards, players)
        self.forced_dice(d.get("dice"))
        try:
            self.game = from_position(
                arena,
                players,
                models,
                loot=_hexes(d.get("loot") or [], "loot"),
                beasts=_hexes(d.get("beasts") or [], "beasts"),
                dice=self.dice,
                options=options,
            )
            self.game.orders.update(self.standing_orders)
            self.game.start()
        except SetupError as e:
            raise self.malformed(("models",), str(e)) from None
        except DiceError as e:
            raise Fail(f"{self.where()}: before the first step: {e}") from None
        self.play_out(d)

    def options(self, data) -> Options:
        self.options_mapping(data, OPTION_KEYS, "{beasts: false, round_limit: null}")
        limit = data.get("round_limit")
        if limit is not None and (not isinstance(limit, int) or limit < 1):
            raise self.malformed(("options", "round_limit"), "expected a round number or null")
        return Options(
            beasts=bool(data.get("beasts", False)),
            obstacles=int(data.get("obstacles") or 0),
            round_limit=limit,
            hidden_cards=bool(data.get("hidden_cards", False)),
        )

    def cards(self, data) -> dict:
        if not isinstance(data, list):
            raise self.malformed(("cards",), "expected a list of cards")
        out = {}
        for i, c in enumerate(data):
            card, problems = parse_card(c, str(self.path), self.lines, base=("cards", i), exact_three=False)
            if problems:
                raise Fail(f"inline card {i + 1}: {problems[0]}")
            out[card.id] = card
        return out

    def models(self, data, cards: dict, players: list) -> list[Model]:
        if not isinstance(data, list) or not data:
            raise self.malformed(("models",), "expected a list of models")
        out = []
        for i, m in enumerate(data):
            where = ("models", i)
            if not isinstance(m, dict):
                raise self.malformed(where, "a model is a mapping {id, player, card, at, facing}")
            self.known_keys(where, m, MODEL_KEYS)
            for key in ("id", "player", "card", "at"):
                if key not in m:
                    raise self.malformed(where, f"missing {key!r}")
            if m["player"] not in players:
                raise self.malformed(where + ("player",), f"{m['player']!r} is not in players")
            card = cards.get(m["card"])
            if card is None:
                card = _cards().cards.get(m["card"])
            if card is None:
                raise self.malformed(where + ("card",), f"unknown card {m['card']!r}")
            facing = m.get("facing", 0)
            if not isinstance(facing, int) or not 0 <= facing <= 5:
                raise self.malformed(where + ("facing",), "expected a direction 0–5")
            lives = m.get("lives", 3)
            if not isinstance(lives, int) or not 1 <= lives <= 3:
                raise self.malformed(where + ("lives",), "expected 1, 2 or 3")
            used = m.get("used") or []
            for name in used:
                if card.ability(name) is None:
                    raise self.malformed(where + ("used",), f"{card.id} has no ability {name!r}")
            out.append(Model(str(m["id"]), m["player"], card, _hex(m["at"], f"models[{i}].at"), facing, lives, True, set(used)))
            self.standing_orders.update(self.model_orders(m.get("orders") or {}, card, str(m["id"]), where))
        return out

    def model_orders(self, data, card, model_id: str, where: tuple) -> dict:
        """A model's `orders: {Ability Name: order}` (standing orders; every other ability is on "ask")."""
        if not isinstance(data, dict):
            raise self.malformed(where + ("orders",), "expected a mapping {ability name: order}")
        out = {}
        for name, order in data.items():
            ab = card.ability(name)
            if ab is None:
                raise self.malformed(where + ("orders", name), f"{card.id} has no ability {name!r}")
            if not orders.is_orderable(ab):
                raise self.malformed(where + ("orders", name), f"{name} is played at {ab.timing}: it takes no standing order")
            ids = list(orders.UNIVERSAL) + list(ab.effect.orders)
            if order not in ids:
                raise self.malformed(where + ("orders", name), f"{name} takes the orders {', '.join(ids)}, not {order!r}")
            out[(model_id, name)] = order
        return out

    # -- the script --
    def step(self, i: int, step) -> None:
        if not isinstance(step, dict):
            raise Fail("a step is a mapping")
        if "end" in step:
            if step != {"end": "round"}:
                raise Fail("the only end step is {end: round}")
            self.end_round()
            return
        expect_error = step.get("expect_error")
        try:
            if "play" in step:
                self.play_step(step, expect_error)
            elif "choose" in step:
                self.choose_step(step, expect_error)
            elif "model" in step and "do" in step:
                action = self.action_of(step)
                self.advance(lambda d: d.kind == "action", "action", allow_any=expect_error is not None)
                self.apply(action, expect_error)
            else:
                raise Fail("a step is {model, do}, {player, choose}, {player, play} or {end: round}")
        except IllegalAction as e:  # a question the game is not asking (Script.not_asked)
            self.judge_refusal(step, e)

    def advance(self, wanted, what: str, allow_any: bool = False, player=None) -> None:
        """Decline windows until `wanted(decision)`; at any other decision the step answers a
        question not asked: refused (`Script.not_asked`), by the engine itself when `allow_any`."""
        g = self.game
        while True:
            if g.over:
                raise self.not_asked(player or "anyone", what, "game_over")
            d = g.pending
            if wanted(d):
                return
            if d.kind == "window":
                self.decide(Pass(d.player))
                continue
            if allow_any:
                return  # let the engine refuse it, for expect_error
            raise self.not_asked(player or d.player, what)

    def asking(self, d) -> str:
        return self.describe(d)

    def describe(self, d) -> str:
        if d.kind == "push_back":
            return f"{d.player} to choose where {d.model} is pushed back"
        if d.kind == "action":
            return f"{d.model}'s action ({d.player})"
        if d.kind == "place":
            return f"{d.player} to place {d.model}"
        return f"{d.player} at the {d.window.name} window"

    def optional_window(self, d) -> bool:
        return d is not None and d.kind == "window"

    def decline(self, game):
        return Pass(game.pending.player)

    def apply(self, action, expect_error) -> None:
        g = self.game
        if expect_error is None or expect_error is False:
            try:
                self.decide(action)
            except IllegalAction as e:
                raise Fail(f"the engine refused {action}: {e.code}: {e.message}") from None
            return
        before = g.snapshot()
        try:
            self.decide(action)
        except IllegalAction as e:
            if expect_error is not True and str(expect_error) not in e.code:
                raise Fail(f"expected an error with {expect_error!r}, got {e.code}: {e.message}") from None
            if g.snapshot() != before:
                raise Fail(f"the refused action {action} changed the game state") from None
            return
        raise Fail(f"expected the engine to refuse {action} ({expect_error}), but it was accepted")

    def action_of(self, step):
        m = str(step["model"])
        do = step["do"]
        allowed = {"model", "do", "expect_error"}
        try:
            if do == "move":
                allowed |= {"path", "facing"}
                action = Move(m, tuple(_hexes(step.get("path"), "path")), step.get("facing"))
            elif do == "attack":
                allowed |= {"target"}
                action = Attack(m, str(step.get("target")))
            elif do == "move_attack":
                allowed |= {"path", "target"}
                action = MoveAttack(m, tuple(_hexes(step.get("path"), "path")), str(step.get("target")))
            elif do == "hold":
                allowed |= {"facing"}
                action = Hold(m, step.get("facing"))
            elif do == "ability":
                allowed |= {"name"} | USE_KEYS
                if "name" not in step:
                    raise Fail("do: ability needs the ability's name")
                action = self.use_of(m, step["name"], step)
            else:
                raise Fail(f"unknown do: {do!r} (move, attack, move_attack, hold, ability)")
        except TypeError as e:
            raise Fail(f"malformed {do} step: {e}") from None
        for key in step:
            if key not in allowed:
                raise Fail(f"unknown key {key!r} for do: {do}")
        return action

    def use_of(self, model: str, name: str, step) -> UseAbility:
        return UseAbility(
            model,
            str(name),
            target=str(step["target"]) if "target" in step else None,
            path=tuple(_hexes(step["path"], "path")) if "path" in step else (),
            to=_hex(step["to"], "to") if "to" in step else None,
            facing=step.get("facing"),
        )

    def resolve_use(self, candidate: UseAbility, step, options) -> UseAbility | None:
        """The use to play: the step's own if legal, else the only listed one that fits."""
        g = self.game
        if g.is_legal(candidate):
            return candidate
        if any(k in step for k in ("target", "path", "to")):
            return None
        fits = [o for o in options if isinstance(o, UseAbility) and o.model == candidate.model and o.ability == candidate.ability]
        if len(fits) == 1:
            return fits[0]
        if len(fits) > 1:
            raise Fail(f"{candidate.ability} has {len(fits)} possible uses here: say target, path or to")
        return None

    def play_step(self, step, expect_error) -> None:
        g = self.game
        player, name = step.get("player"), step["play"]
        for key in step:
            if key not in {"player", "play", "model", "expect_error"} | USE_KEYS:
                raise Fail(f"unknown key {key!r} in a play step")
        if player not in g.players:
            raise Fail(f"unknown player {player!r}")
        owners = [m for m in g.models.values() if m.player == player and m.card.ability(str(name))
                  and (step.get("model") is None or m.id == str(step["model"]))]
        if not owners:
            raise Fail(f"no model of {player} has an ability called {name!r}")
        candidates = [self.use_of(m.id, name, step) for m in owners]
        while True:
            if g.over:
                raise self.not_asked(player, f"window to play {name} at", "game_over")
            d = g.pending
            if d.player == player and d.kind in ("window", "action"):
                options = g.legal_actions()
                for c in candidates:
                    use = self.resolve_use(c, step, options)
                    if use is not None:
                        self.apply(use, expect_error)
                        return
                if expect_error is not None:
                    self.apply(candidates[0], expect_error)
                    return
            if d.kind == "window":
                self.decide(Pass(d.player))
                continue
            if expect_error is not None:
                self.apply(candidates[0], expect_error)
                return
            raise self.not_asked(player, f"window to play {name} at", "no_window")

    def choose_step(self, step, expect_error) -> None:
        if step["choose"] != "push_back":
            raise Fail(f"unknown choice {step['choose']!r} (the only one is push_back)")
        for key in step:
            if key not in {"player", "choose", "to", "expect_error"}:
                raise Fail(f"unknown key {key!r} in a choose step")
        player = step.get("player")
        to = _hex(step.get("to"), "to")
        self.advance(lambda d: d.kind == "push_back" and d.player == player, "push-back choice",
                     allow_any=expect_error is not None, player=player)
        d = self.game.pending
        model = d.model if d.kind == "push_back" else ""
        self.apply(PushBack(model, to), expect_error)

    def end_round(self) -> None:
        target = self.game.round + 1

        def answer(g):
            d = g.pending
            if d.kind == "window":
                return Pass(d.player)
            if d.kind == "action":
                return Hold(d.model)
            if d.kind == "push_back":
                return d.options[0]  # the rear-left hex
            raise Fail(f"can not end the round while waiting for {self.describe(d)}")

        self.play(answer, stop=lambda g, n: g.round >= target)

    # -- the checks --
    def check(self, expect) -> None:
        g = self.game
        self.expect_mapping(expect, EXPECT_KEYS)
        diffs: list[str] = []
        for mid, m, key, value in self.expected_fields(expect, g.models, EXPECT_MODEL_KEYS, example="{lives: 2}",
                                                       text_ids=True):
            if key == "lives":
                got = m.lives
            elif key == "at":
                got, value = (list(m.hex) if m.alive else None), (list(_hex(value, "at")) if value is not None else None)
            elif key == "facing":
                got = m.facing
            elif key == "alive":
                got = m.alive
            else:
                got, value = sorted(m.used), sorted(value or [])
            if got != value:
                diffs.append(f"{mid}.{key} is {got}, expected {value}")
        for player, want in (expect.get("score") or {}).items():
            if player not in g.scores:
                raise self.malformed(("expect", "score", player), f"no player {player!r}")
            if g.scores[player].vp != want:
                diffs.append(f"{player} has {g.scores[player].vp} VP, expected {want}")
        if "loot_left" in expect and len(g.loot) != expect["loot_left"]:
            diffs.append(f"{len(g.loot)} loot left, expected {expect['loot_left']}")
        if "loot" in expect:
            want = sorted(_hexes(expect["loot"], "loot"))
            if sorted(g.loot) != want:
                diffs.append(f"loot at {[list(h) for h in sorted(g.loot)]}, expected {[list(h) for h in want]}")
        if "beasts" in expect:
            want = sorted(_hexes(expect["beasts"], "beasts"))
            got = sorted(b.hex for b in g.beasts.values())
            if got != want:
                diffs.append(f"beasts at {[list(h) for h in got]}, expected {[list(h) for h in want]}")
        if "over" in expect:
            over = expect["over"]
            if over is False:
                if g.over:
                    diffs.append(f"the game is over ({g.outcome.reason}, won by {list(g.outcome.winners)}), expected it to go on")
            elif over is True:
                if not g.over:
                    diffs.append("the game goes on, expected it to be over")
            elif isinstance(over, dict):
                if not g.over:
                    diffs.append("the game goes on, expected it to be over")
                else:
                    for key, value in over.items():
                        if key == "winner":
                            if sorted(g.outcome.winners) != sorted(value if isinstance(value, list) else [value]):
                                diffs.append(f"won by {list(g.outcome.winners)}, expected {value}")
                        elif key == "reason":
                            if g.outcome.reason != value:
                                diffs.append(f"ended by {g.outcome.reason}, expected {value}")
                        else:
                            raise self.malformed(("expect", "over", key), "unknown key (known: winner, reason)")
            else:
                raise self.malformed(("expect", "over"), "expected false, true or {winner: [...]}")
        if "dice_left" in expect and self.dice.left != expect["dice_left"]:
            diffs.append(f"{self.dice.left} dice left, expected {expect['dice_left']}")
        if "round" in expect and g.round != expect["round"]:
            diffs.append(f"round {g.round}, expected {expect['round']}")
        if "pending" in expect:
            want = expect["pending"]
            d = g.pending
            if want is None:
                if d is not None:
                    diffs.append(f"the game waits for {self.describe(d)}, expected nothing pending")
            elif d is None:
                diffs.append("nothing is pending")
            else:
                got = {"player": d.player, "kind": d.kind, "model": d.model, "window": d.window.name if d.window else None}
                for key, value in want.items():
                    if key not in got:
                        raise self.malformed(("expect", "pending", key), "unknown key (known: player, kind, model, window)")
                    if got[key] != value:
                        diffs.append(f"pending {key} is {got[key]!r}, expected {value!r}")
        if diffs:
            raise Fail("; ".join(diffs))
