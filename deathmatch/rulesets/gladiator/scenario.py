"""Gladiator!'s scenario steps: docs/rules/GLADIATOR.md §11 (and SCENARIOS.md), exactly.

The core (`deathmatch.core.scenario.Script`) reads the file, forces the dice, reads hexes and
declines the windows left open after the last step; this module builds the position at the start
of a game turn (the runner first rolls its initiative, in seat order), plays the steps and checks
`expect:`.

- Before a step, every re-roll or card window the step does not answer is declined (a `reroll:`
  step answers its player's next re-roll window; a `play:` step the next window, or order, where
  its player may play that card).
- A refused step (`expect_error`) leaves the bout as it was.

Beyond the spec (our own additions, never needed by a scenario written to it):
- `cards:` inline experience cards, as the card files say them: `{id, name, text, effect: {kind,
  amount}}`; a gladiator's `cards:` names them (the bundled card files are not read here).
- `players:` the seat order (default: the players of `models:`, in order); `turn:` the game turn the
  scenario starts (default 1: a lion's −2 initiative counts); `description`.
- Steps: `{player: P, play: CARD, location: L, facing: F}` plays a card (at a window, or as an
  order in his half); `{player: P, reroll: true, card: ID}` re-rolls with a gods_favour card;
  `reroll: false` declines a re-roll window explicitly.
- Gladiators: `flavour`, `bonus_ap`, `pronoun` (he, she, they, it: the screens' words, no rule).
- Models: `bonus_ap`, `cards` (the gladiator's by default) and `inflicted`, `bonus55`.
- `expect:` `turn`, `pending: {player, kind, man}` (or null), and per model `fallen`, `posture`,
  `loose`, `cards` (unplayed card ids), `bonus55`, `inflicted`.
"""

from __future__ import annotations

from ...board import Hex, from_spec
from ...core.errors import IllegalAction
from ...core.scenario import Script
from .actions import (CARD, ORDER, REROLL, Advance, Attack, Choose, End, GetLoose, Pass, PickUp, PlayCard, Posture,
                      Recover, Reroll, Retreat, StandUp, ThrowNet, Turn)
from .game import Game
from .model import ARMOURS, CARD_KINDS, LOCATIONS, POSTURES, PRONOUNS, SHIELDS, TYPE_NAMES, TYPES, WEAPONS, Card, Gladiator
from .setup import DEFAULT_ARENA
from .state import LOOSE_AP, Man, Options, State

TOP_KEYS = {"ruleset", "name", "description", "arena", "options", "cards", "gladiators", "players", "models", "turn",
            "dice", "steps", "expect"}
GLADIATOR_KEYS = {"id", "name", "type", "armour", "shield", "weapon", "net", "cards", "flavour", "bonus_ap", "pronoun"}
MODEL_KEYS = {"id", "player", "gladiator", "at", "facing", "posture", "wounds", "damage", "netted", "loose", "fallen",
              "weapon", "shield", "net_spent", "bonus_ap", "cards", "inflicted", "bonus55"}
CARD_KEYS = {"id", "name", "text", "effect"}
OPTION_KEYS = {"special_rolls"}
STEP_KEYS = {"model", "do", "path", "facing", "target", "frenzied", "posture", "location", "player", "choose",
             "reroll", "card", "play", "expect_error"}
DOS = ("posture", "advance", "retreat", "turn", "attack", "net", "get_loose", "pick_up", "stand_up", "recover", "end")
EXPECT_KEYS = {"models", "over", "dice_left", "turn", "pending"}
EXPECT_MODEL_KEYS = {"at", "facing", "wounds", "damage", "alive", "down", "netted", "weapon", "shield", "ap",
                     "fallen", "posture", "loose", "cards", "bonus55", "inflicted"}


def _int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


class Runner(Script):
    """A Gladiator! scenario (the core's `Script` with this ruleset's steps)."""

    # -- the position --
    def run(self) -> None:
        d = self.header(TOP_KEYS, ("name", "models"), "name, models, steps, expect")
        arena = self.arena(from_spec, grids=("hex",)) if "arena" in d else from_spec(DEFAULT_ARENA)
        options = self.options(d.get("options") or {})
        cards = self.cards(d.get("cards") or [])
        gladiators = self.gladiators(d.get("gladiators") or [], cards)
        men, players = self.men(d["models"], gladiators, cards, arena, d.get("players"))
        turn = d.get("turn", 1)
        if not _int(turn) or turn < 1:
            raise self.malformed(("turn",), "expected a game turn from 1")
        state = State(arena, players, men, options)
        state.turn = turn - 1
        state.dropped = self.drops
        self.forced_dice(d.get("dice"))

        def make():
            game = Game(state, self.dice)
            game.start()  # rolls the game turn's initiative
            return game

        self.begin(make)
        self.play_out(d)

    def options(self, data) -> Options:
        self.options_mapping(data, OPTION_KEYS, "{special_rolls: false}")
        sr = data.get("special_rolls", True)
        if not isinstance(sr, bool):
            raise self.malformed(("options", "special_rolls"), "expected true or false")
        return Options(sr)

    def cards(self, data) -> dict:
        if not isinstance(data, list):
            raise self.malformed(("cards",), "expected a list of cards {id, name, effect: {kind, amount}}")
        out = {}
        for i, c in enumerate(data):
            kp = ("cards", i)
            if not isinstance(c, dict) or "id" not in c or "effect" not in c:
                raise self.malformed(kp, "expected a card {id, name, effect: {kind, amount}}")
            self.known_keys(kp, c, CARD_KEYS)
            e = c["effect"]
            if not isinstance(e, dict) or e.get("kind") not in CARD_KINDS or set(e) - {"kind", "amount"}:
                raise self.malformed(kp + ("effect",), f"expected {{kind, amount}}, kind one of {', '.join(CARD_KINDS)}")
            amount = e.get("amount", 0)
            if not _int(amount):
                raise self.malformed(kp + ("effect", "amount"), "expected a whole number")
            card = Card(str(c["id"]), str(c.get("name", c["id"])), e["kind"], amount, str(c.get("text", "")))
            problems = card.problems()
            if problems:
                raise self.malformed(kp + ("effect",), problems[0])
            out[card.id] = card
        return out

    def gladiators(self, data, cards: dict) -> dict:
        if not isinstance(data, list):
            raise self.malformed(("gladiators",), "expected a list of gladiators {id, name, type, ...}")
        out = {}
        for i, g in enumerate(data):
            kp = ("gladiators", i)
            if not isinstance(g, dict) or "id" not in g or "type" not in g:
                raise self.malformed(kp, "expected a gladiator {id, name, type, armour, shield, weapon, net, cards}")
            self.known_keys(kp, g, GLADIATOR_KEYS)
            for key, allowed in (("type", TYPES), ("armour", ARMOURS), ("shield", SHIELDS), ("weapon", WEAPONS)):
                if key in g and g[key] not in allowed:
                    raise self.malformed(kp + (key,), f"expected one of {', '.join(allowed)}")
            if "net" in g and not isinstance(g["net"], bool):
                raise self.malformed(kp + ("net",), "expected true or false")
            ids = self.card_ids(kp + ("cards",), g.get("cards") or [], cards)
            bonus = g.get("bonus_ap", 0)
            if bonus not in (0, 1):
                raise self.malformed(kp + ("bonus_ap",), "expected 0 or 1")
            if "pronoun" in g and g["pronoun"] not in PRONOUNS:
                raise self.malformed(kp + ("pronoun",), f"expected one of {', '.join(PRONOUNS)}")
            out[str(g["id"])] = Gladiator(str(g["id"]), str(g.get("name", g["id"])), g["type"], g.get("armour"),
                                          g.get("shield"), g.get("weapon"), g.get("net"), ids,
                                          str(g.get("flavour", "")), bonus, pronoun=g.get("pronoun"))
        return out

    def card_ids(self, kp, value, cards) -> tuple:
        if not isinstance(value, list):
            raise self.malformed(kp, "expected a list of card ids")
        for j, cid in enumerate(value):
            if str(cid) not in cards:
                raise self.malformed(kp + (j,), f"unknown card {cid!r} (the scenario's cards: "
                                                f"{', '.join(sorted(cards)) or 'none'})")
        return tuple(str(c) for c in value)

    def men(self, data, gladiators, cards, arena, players_given):
        if not isinstance(data, list) or len(data) != 2:
            raise self.malformed(("models",), "expected two models, one a player")
        men: dict = {}
        self.drops: list = []
        for kp, mid, m in self.piece_entries(("models",), data, ("id", "player", "gladiator", "at"), MODEL_KEYS, men,
                                             "a model {id, player, gladiator, at, facing, ...}"):
            gid = str(m["gladiator"])
            g = gladiators.get(gid)
            if g is None:
                if gid not in TYPES:
                    raise self.malformed(kp + ("gladiator",), f"no gladiator {gid!r} (the scenario's: "
                                         f"{', '.join(gladiators) or 'none'}; or a type: {', '.join(TYPES)})")
                g = Gladiator(gid, TYPE_NAMES[gid], gid)
            if "bonus_ap" in m:
                if m["bonus_ap"] not in (0, 1):
                    raise self.malformed(kp + ("bonus_ap",), "expected 0 or 1")
                g = Gladiator(g.id, g.name, g.type, g.armour, g.shield, g.weapon, g.net, g.cards, g.flavour,
                              m["bonus_ap"])
            ids = self.card_ids(kp + ("cards",), m["cards"], cards) if "cards" in m else g.cards
            at = self.position(kp + ("at",), m["at"], Hex, arena.floor)
            if any(o.at == at for o in men.values()):
                raise self.malformed(kp + ("at",), f"{list(at)} already holds another model")
            facing = m.get("facing", 0)
            if not _int(facing) or not 0 <= facing <= 5:
                raise self.malformed(kp + ("facing",), "expected a direction 0-5")
            posture = m.get("posture", "balanced")
            if posture not in POSTURES:
                raise self.malformed(kp + ("posture",), f"expected one of {', '.join(POSTURES)}")
            man = Man(mid, str(m["player"]), g, at, facing, posture, cards=[cards[c] for c in ids])
            wounds = m.get("wounds") or {}
            if not isinstance(wounds, dict) or set(wounds) - set(LOCATIONS) or not all(
                    _int(v) and v >= 0 for v in wounds.values()):
                raise self.malformed(kp + ("wounds",), "expected {leg, torso, arm, head}: whole numbers from 0")
            man.wounds.update(wounds)
            man.damage = m.get("damage", sum(man.wounds.values()))
            for key in ("damage", "loose", "inflicted", "bonus55"):
                v = m.get(key, getattr(man, key))
                if not _int(v) or v < 0:
                    raise self.malformed(kp + (key,), "expected a whole number from 0")
                setattr(man, key, v)
            if man.loose >= LOOSE_AP:
                raise self.malformed(kp + ("loose",), f"expected less than {LOOSE_AP} (3 frees him)")
            for key in ("netted", "fallen", "net_spent"):
                v = m.get(key, False)
                if not isinstance(v, bool):
                    raise self.malformed(kp + (key,), "expected true or false")
                setattr(man, key, v)
            for key in ("weapon", "shield"):
                if key not in m:
                    continue
                if m[key] != "dropped":
                    raise self.malformed(kp + (key,), "expected dropped (it lies in his hex)")
                if key == "shield" and man.kit.shield == "none" or key == "weapon" and man.beast:
                    raise self.malformed(kp + (key,), f"{mid} has no {key} to drop")
                if key == "weapon":
                    man.weapon_dropped = 1
                else:
                    man.shield_dropped = True
                self.drops.append([mid, key, at])
            men[mid] = man
        players = [m.owner for m in men.values()]
        if len(set(players)) != 2:
            raise self.malformed(("models",), "expected one model for each of two players")
        if players_given is not None:
            if not (isinstance(players_given, list) and sorted(map(str, players_given)) == sorted(players)):
                raise self.malformed(("players",), f"expected the two models' players {players}, in seat order")
            players = [str(p) for p in players_given]
            men = {m.id: m for p in players for m in men.values() if m.owner == p}
        return men, tuple(players)

    # -- the steps --
    def step(self, i: int, step) -> None:
        self.step_mapping(i, step, STEP_KEYS)
        error = None
        try:
            if "model" in step:
                self.decline_until(None)
                self.decide(self.model_action(i, step))
            elif "player" in step and "choose" in step:
                if step["choose"] not in ("first", "second"):
                    raise self.malformed(("steps", i, "choose"), "expected first or second")
                self.decline_until(None)
                self.decide(Choose(str(step["player"]), step["choose"] == "first"))
            elif "player" in step and "reroll" in step:
                p = str(step["player"])
                if not isinstance(step["reroll"], bool):
                    raise self.malformed(("steps", i, "reroll"), "expected true or false")
                self.decline_until(lambda d: d.kind == REROLL and d.player == p)
                card = step.get("card")
                self.decide(Reroll(p, step["reroll"], None if card is None else str(card)))
            elif "player" in step and "play" in step:
                self.play_step(i, step)
            else:
                raise self.malformed(("steps", i), "expected a model step, a choose, a reroll or a play step")
        except IllegalAction as e:
            error = e
        self.judge_refusal(step, error)

    def asking(self, d) -> str:
        return f"{d.player}'s {d.kind} for {d.man}"

    def play_step(self, i: int, step) -> None:
        p, cid = str(step["player"]), str(step["play"])
        g = self.game

        def fits(d) -> bool:
            return d.player == p and cid in d.cards

        self.decline_until(fits)
        d = g.pending
        if d is None:
            raise self.not_asked(p, f"window or order to play {cid} at", "game_over")
        man = d.man if d.man is not None else next((m.id for m in g.state.men.values() if m.owner == p), None)
        if d.kind == REROLL:
            self.decide(Reroll(p, True, cid))
            return
        facing = step.get("facing")
        if facing is not None and (not _int(facing) or not 0 <= facing <= 5):
            raise self.malformed(("steps", i, "facing"), "expected a direction 0-5")
        if d.player != p or d.kind not in (ORDER, CARD):
            raise self.not_asked(p, f"window or order to play {cid} at", "no_window")
        self.decide(PlayCard(p, man, cid, step.get("location"), facing))

    def model_action(self, i: int, step):
        g = self.game
        mid, m, do = self.step_piece(i, step, g.state.men, DOS)
        p = m.owner
        facing = step.get("facing")
        if facing is not None and (not _int(facing) or not 0 <= facing <= 5):
            raise self.malformed(("steps", i, "facing"), "expected a direction 0-5")
        target = str(step.get("target"))
        if do in ("attack", "net") and target not in g.state.men:
            raise self.malformed(("steps", i, "target"), f"no model {target!r}")
        if do == "posture":
            return Posture(p, mid, str(step.get("posture")))
        if do == "advance":
            return Advance(p, mid, tuple(self.positions(("steps", i, "path"), step.get("path"), Hex)), facing)
        if do == "retreat":
            return Retreat(p, mid, tuple(self.positions(("steps", i, "path"), step.get("path"), Hex)))
        if do == "turn":
            if facing is None:
                raise self.malformed(("steps", i, "facing"), "a turn needs a facing 0-5")
            return Turn(p, mid, facing)
        if do == "attack":
            fr = step.get("frenzied", False)
            if not isinstance(fr, bool):
                raise self.malformed(("steps", i, "frenzied"), "expected true or false")
            return Attack(p, mid, target, fr)
        if do == "net":
            return ThrowNet(p, mid, target)
        if do == "recover":
            return Recover(p, mid, str(step.get("location")))
        return {"get_loose": GetLoose, "pick_up": PickUp, "stand_up": StandUp, "end": End}[do](p, mid)

    # -- the end --
    def optional_window(self, decision) -> bool:
        return decision is not None and decision.kind in (REROLL, CARD)

    def decline(self, game):
        d = game.pending
        return Reroll(d.player, False) if d.kind == REROLL else Pass(d.player)

    def check(self, expect) -> None:
        self.expect_mapping(expect, EXPECT_KEYS)
        s = self.game.state
        wrong = []
        for mid, m, key, value in self.expected_fields(expect, s.men, EXPECT_MODEL_KEYS):
            got = {"at": list(m.at), "facing": m.facing, "damage": m.damage, "alive": m.alive, "down": m.down,
                   "netted": m.netted, "weapon": m.weapon, "shield": m.shield, "ap": m.ap,
                   "fallen": m.fallen, "posture": m.posture, "loose": m.loose,
                   "cards": [c.id for c in m.cards], "bonus55": m.bonus55, "inflicted": m.inflicted}.get(key)
            if key == "wounds":
                if not isinstance(value, dict) or set(value) - set(LOCATIONS):
                    raise self.malformed(("expect", "models", mid, key), "expected {leg, torso, arm, head}")
                got = {k: m.wounds[k] for k in value}
            if got != value:
                wrong.append(f"{mid}.{key} is {got}, expected {value}")
        wrong += [w for w in (self.outcome_difference(expect, "the bout"), self.dice_difference(expect)) if w]
        if "turn" in expect and expect["turn"] != s.turn:
            wrong.append(f"turn is {s.turn}, expected {expect['turn']}")
        self.judge(wrong + [self.pending_difference(expect, lambda d: {"player": d.player, "kind": d.kind, "man": d.man})])
