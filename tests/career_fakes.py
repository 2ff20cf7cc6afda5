"""TEST DOUBLES for Gladiator!'s careers — not the rules, not shipped.

The career (`deathmatch.rulesets.gladiator.career`) plays each bout through an injected
`play_bout(bout, seed)`; these stand in for the real bouts so the season can be tested
before (and apart from) the rules:

- `fake_bout`: a bout decided by its seed alone (a winner or a draw, ends, wounds, damage,
  a card used now and then), so a season of fake bouts is as reproducible as a real one;
  `check_fake_bout` checks a season file's fake results as the real check replays real ones;
- `fake_ruleset()`: a registry entry with the id `gladiator` whose "game" is two men trading
  blows until one has 7 damage, with bots and the career hooks (`deck`, `bout_setup`,
  `bout_result`): it drives `bout_with_bots` and `deathmatch season` through the core's
  registry and loop exactly as the real rules will.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

from deathmatch.core.registry import Ruleset
from deathmatch.rulesets.gladiator.career import (
    BoutResult,
    ManResult,
    SeasonError,
    replayed_bout_check,
    result_differences,
)
from deathmatch.rulesets.gladiator.model import LOCATIONS, Card

DECK = (
    Card("dodge", "Dodge", "dodge", 0, "A half-step."),
    Card("fury", "Fury", "fury", 2, "Red mist."),
    Card("guard", "Guard", "guard", 1, "Shield up."),
    Card("crowd", "Crowd's Darling", "crowd_favourite", 2, "They love him."),
)


def fake_bout(bout, seed: int) -> BoutResult:
    """TEST DOUBLE: a bout's result from its seed alone."""
    rng = random.Random(seed)
    winner = rng.choice([0, 1, 0, 1, None])
    men = []
    for i, side in enumerate(bout.sides):
        if winner == i:
            end = "standing"
        else:
            end = rng.choice(["spared", "spared", "killed", "thumbs_down"])
        wounds = tuple((loc, n) for loc in LOCATIONS if (n := rng.randrange(3)))
        used = tuple(c.id for c in side.cards if rng.random() < 0.5)
        men.append(ManResult(end, rng.randrange(9), wounds, used))
    return BoutResult(winner, (men[0], men[1]), {"fake": seed})


def check_fake_bout(bout, seed: int, result: BoutResult) -> None:
    """TEST DOUBLE of `career.replayed_bout_check` for `fake_bout`'s results (their "record" is
    {"fake": seed}, nothing the rules can replay): the result must be the one `fake_bout` gives the
    bout again, else SeasonError saying what differs, as the real check does. Any other result
    (a real record, or the fake ruleset's) goes to the real check."""
    if not (isinstance(result.record, dict) and set(result.record) == {"fake"}):
        return replayed_bout_check(bout, seed, result)
    if result.record["fake"] != seed:
        raise SeasonError("its record is not of this bout (its seed differs from the season's)")
    differences = result_differences(bout, result, fake_bout(bout, seed))
    if differences:
        raise SeasonError("; ".join(differences))


class FakeGame:
    """TEST DOUBLE of a bout's game: two seats (the ludi) trade blows until one has 7 damage."""

    def __init__(self, setup: dict):
        self.setup = setup
        self.rng = random.Random(setup["seed"])
        self.names = [s["ludus"] for s in setup["sides"]]
        self.cards = [[c["id"] for c in s["cards"]] for s in setup["sides"]]
        self.wounds = [dict.fromkeys(LOCATIONS, 0), dict.fromkeys(LOCATIONS, 0)]
        self.dealt = [0, 0]
        self.used: list[list[str]] = [[], []]
        self.turn = 0
        self.history: list[str] = []
        self.outcome = None

    @property
    def over(self) -> bool:
        return self.outcome is not None

    @property
    def pending(self):
        return None if self.over else SimpleNamespace(player=self.names[self.turn])

    def apply(self, action: str):
        assert action in ("cut", "thrust", "card"), action
        me, him = self.turn, 1 - self.turn
        if action == "card" and self.cards[me]:
            self.used[me].append(self.cards[me].pop(0))
        hit = self.rng.randint(0, 2) + (action == "thrust")
        self.wounds[him][self.rng.choice(LOCATIONS)] += hit
        self.dealt[me] += hit
        self.history.append(action)
        if sum(self.wounds[him].values()) >= 7:
            self.outcome = me
        self.turn = him
        return []


def _bot(level, player, seed):
    rng = random.Random(seed)
    return SimpleNamespace(level=level, thinks=False,
                           choose=lambda g: rng.choice(["cut", "thrust", "card"] if level == "hard" else ["cut", "thrust"]))


class FakeCareerHooks:
    """TEST DOUBLE of the rules' career hooks."""

    def deck(self):
        return list(DECK)

    def bout_setup(self, bout: dict, seed: int) -> dict:
        return {"seed": seed, "sides": bout["sides"]}

    def bout_result(self, game: FakeGame) -> dict:
        w = game.outcome
        loser_damage = sum(game.wounds[1 - w].values())
        end = "killed" if loser_damage >= 8 else ("spared" if game.rng.random() < 0.5 else "thumbs_down")
        men = [{"end": "standing" if i == w else end, "damage_dealt": game.dealt[i], "wounds": game.wounds[i],
                "cards_used": game.used[i]} for i in range(2)]
        return {"winner": w, "men": men}


def fake_ruleset() -> Ruleset:
    """TEST DOUBLE of the `gladiator` registry entry (see the module's docstring)."""
    return Ruleset(
        id="gladiator", name="Gladiator! (test double)", version=1, new_game=FakeGame,
        setup_from_json=lambda d: d, setup_to_json=lambda s: s, action_from_json=lambda d: d,
        action_to_json=lambda a: a, random_answer=lambda g, rng: rng.choice(["cut", "thrust"]),
        seed_of=lambda s: s["seed"], bot_levels=("easy", "normal", "hard"), bot=_bot, career=FakeCareerHooks(),
    )
