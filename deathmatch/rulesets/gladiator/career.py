"""Gladiator!'s careers (docs/rules/GLADIATOR.md §10, docs/CAREERS.md): a season of league play
between ludi, each a player's stable of gladiators kept from bout to bout and night to night.

A `Season` is its settings (seed, schedule, the experience deck) plus the list of every action
taken (found a ludus, buy a recruit, begin, pick a fighter, a bout's result, a card drawn, a
forfeit). Everything else — money, rosters, records, the schedule, the standings, the memorial —
is worked out by applying those actions in order, so a season read back from its file is the
season that was saved, and a season resumed after a crash goes on exactly as it would have.

    season = Season(seed=7, schedule="round-robin", deck=cards)
    season.found("Ludus Magnus", "Ann", colour=0)
    season.buy("Ludus Magnus", "secutor", "Rufus")
    ...
    season.begin()
    while not season.over:
        season.apply(season.next_action(play_bout))    # bots; a person answers season.waiting_on()

A bout is played by an injected `play_bout(bout: BoutSetup, seed: int) -> BoutResult`, so the
career does not depend on how a bout is played; `bout_with_bots()` plays it with the Gladiator!
rules and their bots through the core's registry. Pure Python: no pygame, no files (the season's
file and its printed sheets are `rulesets/gladiator/season.py`'s).
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass, field, replace
from typing import Any, Callable

from ...core.errors import RecordError
from .model import CARD_KINDS, LOCATIONS, PRONOUNS, Card, Gladiator

FORMAT = "deathmatch-season"
VERSION = 1
RULESET = "gladiator"

# --- the money (our own numbers; §10 names none) ---

START_MONEY = 100
"""Denarii each ludus founds with."""
PRICES: dict[str, int] = {
    "laquearius": 20, "dimachaerus": 25, "hoplomachus": 25, "retiarius": 30,
    "thracian": 30, "myrmillo": 30, "secutor": 35,
}
"""A recruit's price by type: the better protected and better armed cost more. The lion is the
arena's beast, not a ludus's man: it is not for sale."""
EXTRAS: dict[str, int] = {"card": 15, "ap": 20}
"""A recruit may start with one extra (§10): an experience card drawn from the deck, or +1 AP."""
PRIZE_WIN = 30
PRIZE_DRAW = 15
"""Each side of a draw whose man lives."""
PRIZE_LOST_ALIVE = 10
"""A loser's purse when his man leaves the sand alive (spared by the crowd); a dead man earns nothing."""
POINTS_WIN, POINTS_DRAW, POINTS_LOSS = 3, 1, 0
MAX_LUDI = 10
MAX_ROSTER = 8
"""Gladiators a ludus may keep alive at once."""
BOT_ROSTER = 3
"""A bot's ludus buys until it has this many living men (when it can afford them)."""
MAX_NAME = 40
MAX_ROUNDS = 50

ENDS = ("standing", "spared", "thumbs_down", "killed")
"""How a man leaves a bout: on his feet; down at 7 and spared by the crowd; down and killed by the
crowd; dead in the sand (8 or more)."""
DEAD_ENDS = ("thumbs_down", "killed")
SCHEDULES = ("round-robin", "swiss")

LUDUS_NAMES = ("Ludus Magnus", "Ludus Aemilius", "Ludus Capuanus", "Ludus Ravennas", "Ludus Pompeianus",
               "Ludus Dacicus", "Ludus Gallicus", "Ludus Matutinus", "Ludus Neapolitanus", "Ludus Veronensis")
"""Names for the bot ludi a season founds itself."""
RECRUIT_NAMES = ("Aulus", "Brennus", "Cato", "Decimus", "Felix", "Gaius", "Hilarus", "Iucundus", "Lucius",
                 "Marcus", "Nonius", "Oppius", "Pollux", "Quintus", "Rufus", "Sextus", "Titus", "Urbicus",
                 "Varus", "Vitalis", "Celer", "Faustus", "Macer", "Niger")
"""Names a bot gives its recruits (a name already in the season gets a numeral: Rufus II)."""


class SeasonError(RecordError):
    """An action the season does not allow now, or a season file that can not be read; the
    message says which and why. The season is left unchanged."""


# --- values ---


@dataclass(frozen=True)
class Death:
    """How a gladiator died: in which bout, at whose hand, and how."""

    bout: int
    """The bout's number (1 = the first)."""
    by: str
    """The name of the man who put him down."""
    by_ludus: str
    how: str
    """"killed" (8 or more damage in the sand) or "thumbs_down" (down at 7, the crowd said no)."""


@dataclass
class Fighter:
    """A gladiator of a ludus with his career: the man as the rules see him (`gladiator`, with the
    experience cards he holds) and his record. Wounds heal between bouts: `scars` only counts them."""

    gladiator: Gladiator
    ludus: str
    price: int
    bouts: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    kills: int = 0
    scars: dict[str, int] = field(default_factory=lambda: dict.fromkeys(LOCATIONS, 0))
    """Every wound he has taken, by location, over his career."""
    damage_dealt: int = 0
    damage_taken: int = 0
    cards_used: list[str] = field(default_factory=list)
    death: Death | None = None

    @property
    def id(self) -> str:
        return self.gladiator.id

    @property
    def name(self) -> str:
        return self.gladiator.name

    @property
    def alive(self) -> bool:
        return self.death is None


@dataclass
class Ludus:
    """A player's stable: its name, owner, colour, purse and gladiators (ids, in the order bought;
    the dead stay listed: their record is the memorial's)."""

    name: str
    owner: str
    colour: int = 0
    bot: str | None = None
    """The bot level that runs it (None: a person)."""
    money: int = START_MONEY
    fighters: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Side:
    """One corner of a bout: the ludus and the man it sent, with his cards as the rules play them."""

    ludus: str
    colour: int
    gladiator: Gladiator
    cards: tuple[Card, ...]
    bot: str | None


@dataclass(frozen=True)
class BoutSetup:
    """What `play_bout` is handed: the bout's number and round and its two sides."""

    number: int
    """1 for the season's first bout (its index in `Season.bouts` + 1)."""
    round: int
    sides: tuple[Side, Side]

    def to_json(self) -> dict:
        return {"bout": self.number, "round": self.round, "sides": [
            {"ludus": s.ludus, "colour": s.colour, "bot": s.bot, "gladiator": gladiator_to_json(s.gladiator),
             "cards": [card_to_json(c) for c in s.cards]} for s in self.sides]}


@dataclass(frozen=True)
class ManResult:
    """How one man came out of a bout."""

    end: str
    """One of ENDS."""
    damage_dealt: int = 0
    wounds: tuple[tuple[str, int], ...] = ()
    """The wounds on him as the bout ended, (location, points) for each location hit."""
    cards_used: tuple[str, ...] = ()
    """The experience cards he played (ids): each is gone from his hand."""

    @property
    def damage_taken(self) -> int:
        return sum(n for _, n in self.wounds)

    def to_json(self) -> dict:
        return {"end": self.end, "damage_dealt": self.damage_dealt, "wounds": dict(self.wounds),
                "cards_used": list(self.cards_used)}


@dataclass(frozen=True)
class BoutResult:
    """What a bout gives back: who won (the side's index, 0 or 1; None: a draw), each man's end
    (in the order of the setup's sides) and the bout's record (the core's record JSON, for replay;
    None when the bout was not recorded)."""

    winner: int | None
    men: tuple[ManResult, ManResult]
    record: dict | None = None

    def to_json(self) -> dict:
        return {"winner": self.winner, "men": [m.to_json() for m in self.men], "record": self.record}


@dataclass
class Bout:
    """A bout of the schedule, as it stands."""

    index: int
    round: int
    sides: tuple[str, str]
    """The two ludi's names."""
    picks: dict[str, str] = field(default_factory=dict)
    """Ludus name -> the gladiator it sends (id)."""
    result: BoutResult | None = None
    forfeits: tuple[str, ...] = ()
    """The ludi that could send nobody (no man alive and no money for one)."""
    drawn: str | None = None
    """The experience card the winner drew (id)."""

    @property
    def settled(self) -> bool:
        return self.result is not None or bool(self.forfeits)

    def winner(self) -> str | None:
        """The winning ludus (a walkover's too), None for a draw or a bout not played."""
        if self.result is not None:
            return None if self.result.winner is None else self.sides[self.result.winner]
        if len(self.forfeits) == 1:
            return next(s for s in self.sides if s not in self.forfeits)
        return None


@dataclass(frozen=True)
class Step:
    """What the season waits for: `kind` is found (before `begin`), buy (the ludus has nobody
    alive and must buy before it picks), forfeit (nobody alive and no money: it forfeits the bout),
    pick, bout (both have picked: play it), draw (the winner draws a card); None when the season
    is over."""

    kind: str
    bout: int | None = None
    """The bout's index (0-based) in `Season.bouts`."""
    ludus: str | None = None
    gladiator: str | None = None


PlayBout = Callable[[BoutSetup, int], BoutResult]
CheckBout = Callable[[BoutSetup, int, BoutResult], None]
"""`check_bout(setup, seed, result)`: SeasonError saying what differs if `result` is not what the
bout (`setup`, `seed`) gave (`replayed_bout_check`: its record replayed)."""


# --- the season ---


class Season:
    """A season of league play. Its settings are fixed when it is made; every change is an
    action (`apply`), checked first (SeasonError, nothing changed) and then kept in `actions`."""

    def __init__(self, seed: int = 0, schedule: str = "round-robin", rounds: int | None = None,
                 deck: tuple[Card, ...] | list[Card] = (), name: str = "Season", bot_ludi: int = 0,
                 bot_level: str = "normal"):
        if schedule not in SCHEDULES:
            raise SeasonError(f"schedule {schedule!r} is not one of {', '.join(SCHEDULES)}")
        if schedule == "round-robin" and rounds is not None:
            raise SeasonError("rounds are for a swiss season: a round-robin has as many as it takes "
                              "for every ludus to meet every other once")
        if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
            raise SeasonError(f"rounds: 1 to {MAX_ROUNDS}, not {rounds}")
        _name({"name": name}, "name")
        if not 0 <= bot_ludi <= MAX_LUDI:
            raise SeasonError(f"bot ludi: 0 to {MAX_LUDI}, not {bot_ludi}")
        self.seed = seed
        self.schedule = schedule
        self.rounds = rounds
        self.deck = tuple(deck)
        self.name = name
        self.bot_ludi = bot_ludi
        """How many bot ludi the season founds itself (`next_action`) before it begins."""
        self.bot_level = bot_level
        self.actions: list[dict] = []
        self.ludi: dict[str, Ludus] = {}
        self.fighters: dict[str, Fighter] = {}
        self.bouts: list[Bout] = []
        self.begun = False
        self._rounds_made = 0

    # --- the actions, by name ---

    def found(self, name: str, owner: str, colour: int = 0, bot: str | None = None) -> Ludus:
        self.apply({"do": "found", "ludus": name, "owner": owner, "colour": colour, "bot": bot})
        return self.ludi[name]

    def buy(self, ludus: str, type: str, name: str, extra: str | None = None, pronoun: str | None = None) -> Fighter:
        action = {"do": "buy", "ludus": ludus, "type": type, "name": name, "extra": extra}
        if pronoun is not None:  # a season saved before recruits had pronouns has none: the same file
            action["pronoun"] = pronoun
        self.apply(action)
        return self.fighters[self.ludi[ludus].fighters[-1]]

    def begin(self) -> None:
        self.apply({"do": "begin"})

    def pick(self, ludus: str, gladiator: str) -> None:
        self.apply({"do": "pick", "bout": self._current_index(), "ludus": ludus, "gladiator": gladiator})

    def record_result(self, result: BoutResult) -> None:
        self.apply({"do": "result", "bout": self._current_index(), "result": result.to_json()})

    def draw_card(self) -> Card:
        step = self.waiting_on()
        if step is None or step.kind != "draw":
            raise SeasonError("nobody draws an experience card now")
        card = self.card_drawn(step.bout)
        self.apply({"do": "draw", "bout": step.bout, "gladiator": step.gladiator, "card": card.id})
        return card

    def forfeit(self, ludus: str) -> None:
        self.apply({"do": "forfeit", "bout": self._current_index(), "ludus": ludus})

    # --- where the season stands ---

    @property
    def over(self) -> bool:
        return self.begun and self.waiting_on() is None

    def current(self) -> Bout | None:
        """The bout being fought or next to fight (None when every bout made so far is settled)."""
        for b in self.bouts:
            if not b.settled or (b.result is not None and b.result.winner is not None and b.drawn is None
                                 and self.deck and self.fighters[b.picks[b.sides[b.result.winner]]].alive):
                return b
        return None

    def _current_index(self) -> int:
        b = self.current()
        if b is None:
            raise SeasonError("no bout is waiting to be fought")
        return b.index

    def waiting_on(self) -> Step | None:
        """What the season waits for now (a `Step`), None when it is over."""
        if not self.begun:
            return Step("found")
        b = self.current()
        if b is None:
            return None
        if b.result is not None:
            return Step("draw", b.index, b.sides[b.result.winner], b.picks[b.sides[b.result.winner]])
        for name in b.sides:
            if name in b.picks:
                continue
            ludus = self.ludi[name]
            if not self.living(name):
                return Step("buy" if self.can_buy(ludus) else "forfeit", b.index, name)
            return Step("pick", b.index, name)
        return Step("bout", b.index)

    def living(self, ludus: str) -> list[Fighter]:
        return [self.fighters[i] for i in self.ludi[ludus].fighters if self.fighters[i].alive]

    def can_buy(self, ludus: Ludus) -> bool:
        """Whether the ludus has the money and the room for the cheapest recruit."""
        return ludus.money >= min(PRICES.values()) and len(self.living(ludus.name)) < MAX_ROSTER

    def out(self, ludus: str) -> bool:
        """A ludus with nobody alive and no money for a recruit is out: it forfeits every bout left."""
        return self.begun and not self.living(ludus) and not self.can_buy(self.ludi[ludus])

    def bout_setup(self, index: int) -> BoutSetup:
        """The setup `play_bout` is handed for bout `index` (both sides picked)."""
        b = self.bouts[index]
        sides = []
        for name in b.sides:
            f = self.fighters[b.picks[name]]
            ludus = self.ludi[name]
            sides.append(Side(name, ludus.colour, f.gladiator, tuple(self._card(c) for c in f.gladiator.cards),
                              ludus.bot))
        return BoutSetup(b.index + 1, b.round, (sides[0], sides[1]))

    def bout_seed(self, index: int) -> int:
        """Bout `index`'s dice seed: the season's seed and the bout's number, nothing else."""
        return random.Random(f"{self.seed}:bout:{index}").randrange(1 << 30)

    def card_drawn(self, index: int) -> Card:
        """The experience card bout `index`'s winner draws: the season's seed and the bout's number
        decide it (a copy of one of the deck's cards; the deck never runs out)."""
        return self.deck[random.Random(f"{self.seed}:draw:{index}").randrange(len(self.deck))]

    def _card(self, card_id: str) -> Card:
        for c in self.deck:
            if c.id == card_id:
                return c
        raise SeasonError(f"experience card {card_id!r} is not in the season's deck")

    # --- applying an action ---

    def apply(self, action: dict) -> None:
        """Check the action against the season as it stands (SeasonError, nothing changed, if it
        is not allowed) and carry it out; it is then kept in `actions`."""
        if not isinstance(action, dict):
            raise SeasonError(f"an action is an object, not {_what(action)}")
        do = action.get("do")
        handler = _HANDLERS.get(do) if isinstance(do, str) else None
        if handler is None:
            raise SeasonError(f"'do' is {_what(do)}, not one of {', '.join(_HANDLERS)}")
        unknown = sorted(set(action) - _FIELDS[do] - {"do"})
        if unknown:
            raise SeasonError(f"a {do} action has an unknown field {unknown[0]!r}")
        handler(self, action)
        self.actions.append(dict(action))

    def _found(self, a: dict) -> None:
        if self.begun:
            raise SeasonError("the season has begun: no new ludus may join it")
        if len(self.ludi) >= MAX_LUDI:
            raise SeasonError(f"a season has at most {MAX_LUDI} ludi")
        name = _name(a, "ludus")
        owner = _name(a, "owner")
        if name in self.ludi:
            raise SeasonError(f"there is already a ludus called {name!r}")
        colour = a.get("colour", 0)
        if not _is_int(colour) or not 0 <= colour <= 9:
            raise SeasonError(f"'colour' is {_what(colour)}, not a colour number 0–9")
        bot = a.get("bot")
        if bot is not None and (not isinstance(bot, str) or not bot or len(bot) > MAX_NAME):
            raise SeasonError(f"'bot' is {_what(bot)}, not a bot level or null")
        self.ludi[name] = Ludus(name, owner, colour, bot)

    def _buy(self, a: dict) -> None:
        ludus = self._ludus(a)
        kind = a.get("type")
        if kind not in PRICES:
            why = " (the lion is not for sale)" if kind == "lion" else ""
            raise SeasonError(f"'type' is {_what(kind)}, not one of {', '.join(PRICES)}{why}")
        extra = a.get("extra")
        if extra is not None and extra not in EXTRAS:
            raise SeasonError(f"'extra' is {_what(extra)}, not one of {', '.join(EXTRAS)} or null")
        if extra == "card" and not self.deck:
            raise SeasonError("the season's deck has no experience card to start a recruit with")
        name = _name(a, "name")
        pronoun = a.get("pronoun")
        if pronoun is not None and (not isinstance(pronoun, str) or pronoun not in PRONOUNS):
            raise SeasonError(f"'pronoun' is {_what(pronoun)}, not one of {', '.join(PRONOUNS)} or null")
        if any(f.name == name for f in self.fighters.values()):
            raise SeasonError(f"there is already a gladiator called {name!r} in the season")
        if len(self.living(ludus.name)) >= MAX_ROSTER:
            raise SeasonError(f"{ludus.name} has {MAX_ROSTER} living gladiators, as many as a ludus may keep")
        cost = price(kind, extra)
        if cost > ludus.money:
            raise SeasonError(f"{ludus.name} has {ludus.money} denarii: a {kind}"
                              f"{' with ' + EXTRA_NAMES[extra] if extra else ''} costs {cost}")
        gid = f"g{len(self.fighters) + 1}"
        cards: tuple[str, ...] = ()
        if extra == "card":
            cards = (self.deck[random.Random(f"{self.seed}:recruit:{gid}").randrange(len(self.deck))].id,)
        g = Gladiator(gid, name, kind, cards=cards, bonus_ap=1 if extra == "ap" else 0, pronoun=pronoun)
        ludus.money -= cost
        ludus.fighters.append(gid)
        self.fighters[gid] = Fighter(g, ludus.name, cost)

    def _begin(self, a: dict) -> None:
        if self.begun:
            raise SeasonError("the season has already begun")
        if len(self.ludi) < 2:
            raise SeasonError(f"a season needs at least 2 ludi ({len(self.ludi)} founded)")
        empty = [n for n in self.ludi if not self.living(n)]
        if empty:
            raise SeasonError(f"{empty[0]} has no gladiator yet: buy one before the season begins")
        if self.schedule == "swiss" and self.rounds is None:
            self.rounds = swiss_rounds(len(self.ludi))
        self.begun = True
        if self.schedule == "round-robin":
            for r, pairs in enumerate(round_robin(list(self.ludi)), 1):
                self._add_round(r, pairs)
        else:
            self._next_swiss_round()

    def _pick(self, a: dict) -> None:
        b = self._bout(a)
        ludus = self._ludus(a)
        if ludus.name not in b.sides:
            raise SeasonError(f"{ludus.name} does not fight in bout {b.index + 1}")
        if ludus.name in b.picks:
            raise SeasonError(f"{ludus.name} has already picked its man for bout {b.index + 1}")
        gid = a.get("gladiator")
        f = self.fighters.get(gid) if isinstance(gid, str) else None
        if f is None or f.ludus != ludus.name:
            raise SeasonError(f"'gladiator' is {_what(gid)}, not one of {ludus.name}'s gladiators")
        if not f.alive:
            raise SeasonError(f"{f.name} is dead")
        b.picks[ludus.name] = f.id

    def _result(self, a: dict) -> None:
        b = self._bout(a)
        missing = [s for s in b.sides if s not in b.picks]
        if missing:
            raise SeasonError(f"bout {b.index + 1} can not be fought: {missing[0]} has not picked its man")
        men = [self.fighters[b.picks[s]] for s in b.sides]
        r = result_from_json(a.get("result"), [m.gladiator.cards for m in men])
        b.result = r
        winner = r.winner
        for i, (f, m) in enumerate(zip(men, r.men)):
            other, other_m = men[1 - i], r.men[1 - i]
            ludus = self.ludi[f.ludus]
            f.bouts += 1
            f.damage_dealt += m.damage_dealt
            f.damage_taken += m.damage_taken
            for loc, n in m.wounds:
                f.scars[loc] += n
            held = list(f.gladiator.cards)
            for c in m.cards_used:
                held.remove(c)
            f.cards_used.extend(m.cards_used)
            f.gladiator = replace(f.gladiator, cards=tuple(held))
            if other_m.end in DEAD_ENDS:
                f.kills += 1
            if m.end in DEAD_ENDS:
                f.death = Death(b.index + 1, other.name, other.ludus, m.end)
            if winner is None:
                f.draws += 1
                ludus.money += PRIZE_DRAW if f.alive else 0
            elif winner == i:
                f.wins += 1
                ludus.money += PRIZE_WIN
            else:
                f.losses += 1
                ludus.money += PRIZE_LOST_ALIVE if f.alive else 0
        self._after_settled()

    def _draw(self, a: dict) -> None:
        step = self.waiting_on()
        if step is None or step.kind != "draw":
            raise SeasonError("nobody draws an experience card now")
        if not _is_int(a.get("bout")) or a.get("bout") != step.bout:
            raise SeasonError(f"'bout' is {_what(a.get('bout'))}: the card to draw is bout {step.bout}'s")
        if a.get("gladiator") != step.gladiator:
            raise SeasonError(f"'gladiator' is {_what(a.get('gladiator'))}: the winner who draws is {step.gladiator!r}")
        card = self.card_drawn(step.bout)
        if a.get("card") != card.id:
            raise SeasonError(f"'card' is {_what(a.get('card'))}, but the season's dice drew {card.id!r}")
        f = self.fighters[step.gladiator]
        f.gladiator = replace(f.gladiator, cards=f.gladiator.cards + (card.id,))
        self.bouts[step.bout].drawn = card.id
        self._after_settled()

    def _forfeit(self, a: dict) -> None:
        b = self._bout(a)
        ludus = self._ludus(a)
        if ludus.name not in b.sides:
            raise SeasonError(f"{ludus.name} does not fight in bout {b.index + 1}")
        if ludus.name in b.picks:
            raise SeasonError(f"{ludus.name} has picked its man: it fights")
        if self.living(ludus.name) or self.can_buy(ludus):
            raise SeasonError(f"{ludus.name} can still send a man: only a ludus with nobody alive and "
                              "no money for a recruit forfeits")
        others = [s for s in b.sides if s != ludus.name]
        both = not self.living(others[0]) and not self.can_buy(self.ludi[others[0]])
        b.forfeits = tuple(b.sides) if both else (ludus.name,)
        self._after_settled()

    def _ludus(self, a: dict) -> Ludus:
        name = a.get("ludus")
        if not isinstance(name, str) or name not in self.ludi:
            raise SeasonError(f"'ludus' is {_what(name)}, not a ludus of the season")
        return self.ludi[name]

    def _bout(self, a: dict) -> Bout:
        if not self.begun:
            raise SeasonError("the season has not begun")
        current = self.current()
        if current is None:
            raise SeasonError("no bout is waiting to be fought")
        k = a.get("bout")
        if not _is_int(k) or k != current.index:
            raise SeasonError(f"'bout' is {_what(k)}: the bout being fought is {current.index}")
        if current.result is not None:
            raise SeasonError(f"bout {current.index + 1} has been fought: its winner draws a card first")
        return current

    def _check_result(self, a: dict, check_bout: CheckBout) -> None:
        """A result action read from a file, checked by `check_bout` against the bout as it stands
        (the men picked, the cards they hold) before it is applied (SeasonError: what differs)."""
        b = self._bout(a)
        missing = [s for s in b.sides if s not in b.picks]
        if missing:
            raise SeasonError(f"bout {b.index + 1} can not be fought: {missing[0]} has not picked its man")
        men = [self.fighters[b.picks[s]] for s in b.sides]
        result = result_from_json(a.get("result"), [m.gladiator.cards for m in men])
        try:
            check_bout(self.bout_setup(b.index), self.bout_seed(b.index), result)
        except SeasonError as e:
            raise SeasonError(f"bout {b.index + 1}: {e}") from None

    # --- the schedule ---

    def _add_round(self, r: int, pairs) -> None:
        for a, b in pairs:
            self.bouts.append(Bout(len(self.bouts), r, (a, b)))
        self._rounds_made = r

    def _after_settled(self) -> None:
        if self.schedule == "swiss" and self.current() is None and self._rounds_made < (self.rounds or 0):
            self._next_swiss_round()

    def _next_swiss_round(self) -> None:
        """The next swiss round: the ludi in standing order, each paired with the best placed one
        it has not met (a rematch only when no pairing avoids one); with an odd number the lowest
        placed ludus without a bye yet sits out."""
        order = [row["ludus"] for row in self.standings()]
        met = {frozenset(b.sides) for b in self.bouts}
        if len(order) % 2:
            had_bye = {n for r in range(1, self._rounds_made + 1) for n in self.ludi
                       if not any(n in b.sides for b in self.bouts if b.round == r)}
            bye = next((n for n in reversed(order) if n not in had_bye), order[-1])
            order.remove(bye)
        pairs = _pair(order, met) or _pair(order, set())
        self._add_round(self._rounds_made + 1, pairs)

    # --- standings and records ---

    def standings(self) -> list[dict]:
        """The table: points (win 3, draw 1, loss 0; a walkover counts as a win), then the
        tie-breaks in order: wins, kills, fewest of its own men dead, damage dealt minus damage
        taken, then the ludus's name."""
        rows = {n: {"ludus": n, "owner": lu.owner, "bouts": 0, "wins": 0, "draws": 0, "losses": 0, "forfeits": 0,
                    "points": 0, "kills": 0, "dead": 0, "dealt": 0, "taken": 0, "money": lu.money,
                    "living": len(self.living(n)), "out": self.out(n)} for n, lu in self.ludi.items()}
        for b in self.bouts:
            if not b.settled:
                continue
            win = b.winner()
            for i, s in enumerate(b.sides):
                row = rows[s]
                row["bouts"] += 1
                if s in b.forfeits:
                    row["forfeits"] += 1
                    row["losses"] += 1
                elif win == s:
                    row["wins"] += 1
                    row["points"] += POINTS_WIN
                elif win is None:
                    row["draws"] += 1
                    row["points"] += POINTS_DRAW
                else:
                    row["losses"] += 1
                    row["points"] += POINTS_LOSS
                if b.result is not None:
                    me, him = b.result.men[i], b.result.men[1 - i]
                    row["kills"] += him.end in DEAD_ENDS
                    row["dead"] += me.end in DEAD_ENDS
                    row["dealt"] += me.damage_dealt
                    row["taken"] += me.damage_taken
        table = sorted(rows.values(), key=lambda x: (-x["points"], -x["wins"], -x["kills"], x["dead"],
                                                     -(x["dealt"] - x["taken"]), x["ludus"]))
        for i, row in enumerate(table, 1):
            row["rank"] = i
        return table

    def memorial(self) -> list[Fighter]:
        """The dead, in the order they fell."""
        return sorted((f for f in self.fighters.values() if not f.alive), key=lambda f: (f.death.bout, f.id))

    def champion(self) -> str | None:
        """The ludus at the top once the season is over."""
        return self.standings()[0]["ludus"] if self.over and self.ludi else None

    def progress(self) -> str:
        """Where the season stands, in words."""
        if not self.begun:
            return f"founding: {len(self.ludi)} ludi so far"
        done = sum(b.settled for b in self.bouts)
        if self.over:
            return f"final standings after {done} bout{'s' if done != 1 else ''}"
        n = len(self.bouts)
        total = f"{n} bout{'s' if n != 1 else ''}" if self.schedule == "round-robin" else \
            f"{n} bout{'s' if n != 1 else ''} made so far"
        return f"standings after {done} of {total}"

    # --- the bots ---

    def next_action(self, play_bout: PlayBout | None = None) -> dict | None:
        """The next action when the computer takes it: founding the season's bot ludi and stocking
        them, beginning, a bot's recruits and picks, a forfeit, playing a bout (`play_bout`), a
        card drawn. None when the season waits on a person (or is over)."""
        step = self.waiting_on()
        if step is None:
            return None
        if step.kind == "found":
            bots = [lu for lu in self.ludi.values() if lu.bot is not None]
            if len(bots) < self.bot_ludi:
                k = len(bots)
                name = next(n for n in (*LUDUS_NAMES, *(f"Ludus {i}" for i in range(1, 99))) if n not in self.ludi)
                return {"do": "found", "ludus": name, "owner": f"Bot {chr(65 + k)}", "colour": len(self.ludi) % 10,
                        "bot": self.bot_level}
            for ludus in bots:
                buy = self._bot_buy(ludus, founding=True)
                if buy:
                    return buy
            if any(not self.living(n) for n in self.ludi):
                return None  # a person's ludus still has nobody
            return {"do": "begin"}
        ludus = self.ludi.get(step.ludus) if step.ludus else None
        if step.kind == "forfeit":
            return {"do": "forfeit", "bout": step.bout, "ludus": step.ludus}
        if step.kind == "draw":
            return {"do": "draw", "bout": step.bout, "gladiator": step.gladiator, "card": self.card_drawn(step.bout).id}
        if step.kind == "bout":
            if play_bout is None:
                return None
            result = play_bout(self.bout_setup(step.bout), self.bout_seed(step.bout))
            return {"do": "result", "bout": step.bout, "result": result.to_json()}
        if ludus is None or ludus.bot is None:
            return None
        buy = self._bot_buy(ludus, founding=False)
        if buy:
            return buy
        return {"do": "pick", "bout": step.bout, "ludus": ludus.name, "gladiator": bot_pick(self.living(ludus.name)).id}

    def _bot_buy(self, ludus: Ludus, founding: bool) -> dict | None:
        """A bot buys while it has fewer than BOT_ROSTER living men and the money: a type drawn
        from those it can afford leaving enough for the cheapest in the slots still to fill."""
        living = len(self.living(ludus.name))
        if living >= BOT_ROSTER or not self.can_buy(ludus):
            return None
        slots_after = BOT_ROSTER - living - 1 if founding else 0
        cheapest = min(PRICES.values())
        affordable = [t for t, p in PRICES.items() if p + slots_after * cheapest <= ludus.money]
        if not affordable:
            affordable = [t for t, p in PRICES.items() if p <= ludus.money]
        rng = random.Random(f"{self.seed}:bot-recruit:{ludus.name}:{len(ludus.fighters)}")
        kind = rng.choice(sorted(affordable))
        return {"do": "buy", "ludus": ludus.name, "type": kind, "name": self._free_name(rng), "extra": None}

    def _free_name(self, rng: random.Random) -> str:
        taken = {f.name for f in self.fighters.values()}
        base = rng.choice(RECRUIT_NAMES)
        for n in range(1, 1000):
            name = base if n == 1 else f"{base} {_roman(n)}"
            if name not in taken:
                return name
        return f"{base} {len(taken)}"

    # --- the file's JSON ---

    def to_json(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "name": self.name, "seed": self.seed,
                "schedule": self.schedule, "rounds": self.rounds,
                "bot_ludi": self.bot_ludi, "bot_level": self.bot_level,
                "deck": [card_to_json(c) for c in self.deck], "actions": [dict(a) for a in self.actions]}

    @classmethod
    def from_json(cls, data, check_bout: CheckBout | None = None) -> Season:
        """The season a file holds, every field checked and every action applied again
        (SeasonError naming the field or the action and what is wrong, whatever the file holds).
        `check_bout(setup, seed, result)` (`replayed_bout_check`: the file's loader passes it) is
        asked about every bout's result before it is applied: a result its record does not replay
        to is refused, never believed."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SeasonError("not a Gladiator! season")
        version = data.get("version")
        if not _is_int(version):
            raise SeasonError(f"'version' is {_what(version)}, not a whole number")
        if version > VERSION:
            raise SeasonError(f"made by a newer version ({version}) of the game; this one reads up to "
                              f"version {VERSION}: update the game to open it")
        unknown = sorted(set(data) - {"format", "version", "name", "seed", "schedule", "rounds", "bot_ludi",
                                      "bot_level", "deck", "actions"})
        if unknown:
            raise SeasonError(f"unknown field {unknown[0]!r}")
        name = data.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise SeasonError(f"'name' is {_what(name)}, not a name of 1–{MAX_NAME} characters")
        from ...yamlfile import text_problem  # the one name rule: no control, direction or invisible character

        if (why := text_problem(name, MAX_NAME, "season's name")) is not None:
            raise SeasonError(f"'name' {why}")
        seed = data.get("seed")
        if not _is_int(seed):
            raise SeasonError(f"'seed' is {_what(seed)}, not a whole number")
        schedule = data.get("schedule")
        if schedule not in SCHEDULES:
            raise SeasonError(f"'schedule' is {_what(schedule)}, not one of {', '.join(SCHEDULES)}")
        rounds = data.get("rounds")
        if rounds is not None and not _is_int(rounds):
            raise SeasonError(f"'rounds' is {_what(rounds)}, not a whole number or null")
        bot_ludi, bot_level = data.get("bot_ludi", 0), data.get("bot_level", "normal")
        if not _is_int(bot_ludi):
            raise SeasonError(f"'bot_ludi' is {_what(bot_ludi)}, not a whole number")
        if not isinstance(bot_level, str) or not bot_level or len(bot_level) > MAX_NAME:
            raise SeasonError(f"'bot_level' is {_what(bot_level)}, not a bot level")
        deck_json = data.get("deck")
        if not isinstance(deck_json, list):
            raise SeasonError(f"'deck' is {_what(deck_json)}, not a list of experience cards")
        deck = []
        for i, c in enumerate(deck_json, 1):
            try:
                deck.append(card_from_json(c))
            except SeasonError as e:
                raise SeasonError(f"'deck' card {i}: {e}") from None
        if len({c.id for c in deck}) != len(deck):
            raise SeasonError("'deck' has a card id twice")
        actions = data.get("actions")
        if not isinstance(actions, list):
            raise SeasonError(f"'actions' is {_what(actions)}, not a list of actions")
        try:
            season = cls(seed, schedule, rounds, deck, name, bot_ludi, bot_level)
        except SeasonError as e:
            raise SeasonError(f"the settings: {e}") from None
        for i, a in enumerate(actions, 1):
            do = a.get("do") if isinstance(a, dict) else None
            try:
                if check_bout is not None and do == "result":
                    season._check_result(a, check_bout)
                season.apply(a)
            except SeasonError as e:
                raise SeasonError(f"action {i}{f' ({do})' if isinstance(do, str) and do in _HANDLERS else ''}: {e}") \
                    from None
            except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:  # never crash on a file
                raise SeasonError(f"action {i}: can not be applied ({type(e).__name__}: {e})") from None
        return season


_HANDLERS: dict[str, Callable[[Season, dict], None]] = {
    "found": Season._found, "buy": Season._buy, "begin": Season._begin, "pick": Season._pick,
    "result": Season._result, "draw": Season._draw, "forfeit": Season._forfeit,
}
_FIELDS = {
    "found": {"ludus", "owner", "colour", "bot"}, "buy": {"ludus", "type", "name", "extra", "pronoun"}, "begin": set(),
    "pick": {"bout", "ludus", "gladiator"}, "result": {"bout", "result"}, "draw": {"bout", "gladiator", "card"},
    "forfeit": {"bout", "ludus"},
}
EXTRA_NAMES = {"card": "an experience card", "ap": "+1 AP"}


def price(kind: str, extra: str | None = None) -> int:
    """What a recruit of type `kind` costs, with his extra (None, "card" or "ap")."""
    return PRICES[kind] + (EXTRAS[extra] if extra else 0)


def bot_pick(living: list[Fighter]) -> Fighter:
    """A bot sends the living man holding the most experience cards (an edge to spend), then the
    one who has fought the fewest bouts (the others get their turn), then the first bought."""
    return min(enumerate(living), key=lambda p: (-len(p[1].gladiator.cards), p[1].bouts, p[0]))[1]


def round_robin(names: list[str]) -> list[list[tuple[str, str]]]:
    """Every ludus meets every other once (the circle method): n-1 rounds for n even, n rounds
    for n odd (each round one ludus sits out). Sides alternate so nobody is always first."""
    order = list(names) + ([None] if len(names) % 2 else [])
    n = len(order)
    rounds = []
    for r in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = order[i], order[n - 1 - i]
            if a is not None and b is not None:
                pairs.append((a, b) if (r + i) % 2 == 0 else (b, a))
        rounds.append(pairs)
        order = [order[0], order[-1], *order[1:-1]]
    return rounds


def swiss_rounds(n: int) -> int:
    """A swiss season's rounds when nobody said: enough to find a clear leader (⌈log2 n⌉ + 1),
    never more than a round-robin's."""
    return max(1, min(math.ceil(math.log2(max(n, 2))) + 1, n - 1 if n % 2 == 0 else n))


def _pair(order: list[str], met: set) -> list[tuple[str, str]] | None:
    """Pair `order` top down, each with the best placed one left it has not met (backtracking);
    None if no pairing avoids every rematch."""
    if not order:
        return []
    first, rest = order[0], order[1:]
    for j, other in enumerate(rest):
        if frozenset((first, other)) in met:
            continue
        tail = _pair(rest[:j] + rest[j + 1:], met)
        if tail is not None:
            return [(first, other), *tail]
    return None


def _roman(n: int) -> str:
    out = ""
    for value, letters in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"),
                           (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out += letters
            n -= value
    return out


# --- JSON of the values, checked ---

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _what(v) -> str:
    """A value of a file as a message shows it: text ("abc"), a list, null, 3."""
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        shown = repr(v)
        return shown if len(shown) <= 20 else shown[:17] + "…"
    if isinstance(v, str):
        shown = '"' + v[:27] + ('…' if len(v) > 27 else '') + '"'
        return f"text ({shown})"
    return {list: "a list", dict: "an object"}.get(type(v), type(v).__name__)


def _name(a: dict, key: str) -> str:
    v = a.get(key)
    if not isinstance(v, str) or not v.strip() or len(v) > MAX_NAME or _CONTROL.search(v) or v != v.strip():
        raise SeasonError(f"'{key}' is {_what(v)}, not a name of 1–{MAX_NAME} characters (no spaces around it)")
    return v


def gladiator_to_json(g: Gladiator) -> dict:
    out: dict[str, Any] = {"id": g.id, "name": g.name, "type": g.type}
    for k in ("armour", "shield", "weapon", "net"):
        if getattr(g, k) is not None:
            out[k] = getattr(g, k)
    out["cards"] = list(g.cards)
    if g.bonus_ap:
        out["bonus_ap"] = g.bonus_ap
    if g.pronoun is not None:
        out["pronoun"] = g.pronoun
    return out


def card_to_json(c: Card) -> dict:
    return {"id": c.id, "name": c.name, "kind": c.kind, "amount": c.amount, "text": c.text}


def card_from_json(data) -> Card:
    if not isinstance(data, dict):
        raise SeasonError(f"is {_what(data)}, not an object")
    unknown = sorted(set(data) - {"id", "name", "kind", "amount", "text"})
    if unknown:
        raise SeasonError(f"unknown field {unknown[0]!r}")
    for key in ("id", "name"):
        if not isinstance(data.get(key), str) or not data[key] or len(data[key]) > MAX_NAME:
            raise SeasonError(f"'{key}' is {_what(data.get(key))}, not text of 1–{MAX_NAME} characters")
    kind, amount, text = data.get("kind"), data.get("amount", 0), data.get("text", "")
    if kind not in CARD_KINDS:
        raise SeasonError(f"'kind' is {_what(kind)}, not one of {', '.join(CARD_KINDS)}")
    if not _is_int(amount):
        raise SeasonError(f"'amount' is {_what(amount)}, not a whole number")
    if not isinstance(text, str) or len(text) > 500:
        raise SeasonError(f"'text' is {_what(text)}, not a line of text")
    card = Card(data["id"], data["name"], kind, amount, text)
    problems = card.problems()
    if problems:
        raise SeasonError(problems[0])
    return card


MAX_DAMAGE = 99


def result_from_json(data, held: list[tuple[str, ...]]) -> BoutResult:
    """A bout's result, checked against the rules of a result and the cards each man held."""
    if not isinstance(data, dict):
        raise SeasonError(f"'result' is {_what(data)}, not an object")
    unknown = sorted(set(data) - {"winner", "men", "record"})
    if unknown:
        raise SeasonError(f"'result' has an unknown field {unknown[0]!r}")
    winner = data.get("winner")
    if winner not in (0, 1, None) or isinstance(winner, bool):
        raise SeasonError(f"'result' 'winner' is {_what(winner)}, not 0, 1 or null (a draw)")
    men_json = data.get("men")
    if not isinstance(men_json, list) or len(men_json) != 2:
        raise SeasonError(f"'result' 'men' is {_what(men_json)}, not a list of the two men")
    men = []
    for i, m in enumerate(men_json):
        where = f"'result' man {i + 1}"
        if not isinstance(m, dict):
            raise SeasonError(f"{where} is {_what(m)}, not an object")
        unknown = sorted(set(m) - {"end", "damage_dealt", "wounds", "cards_used"})
        if unknown:
            raise SeasonError(f"{where} has an unknown field {unknown[0]!r}")
        end = m.get("end")
        if end not in ENDS:
            raise SeasonError(f"{where}'s 'end' is {_what(end)}, not one of {', '.join(ENDS)}")
        dealt = m.get("damage_dealt", 0)
        if not _is_int(dealt) or not 0 <= dealt <= MAX_DAMAGE:
            raise SeasonError(f"{where}'s 'damage_dealt' is {_what(dealt)}, not 0–{MAX_DAMAGE}")
        wounds = m.get("wounds", {})
        if not isinstance(wounds, dict):
            raise SeasonError(f"{where}'s 'wounds' is {_what(wounds)}, not an object of locations")
        for loc, n in wounds.items():
            if loc not in LOCATIONS:
                raise SeasonError(f"{where}'s 'wounds' has {_what(loc)}, not one of {', '.join(LOCATIONS)}")
            if not _is_int(n) or not 0 <= n <= MAX_DAMAGE:
                raise SeasonError(f"{where}'s 'wounds' {loc} is {_what(n)}, not 0–{MAX_DAMAGE}")
        used = m.get("cards_used", [])
        if not isinstance(used, list) or not all(isinstance(c, str) for c in used):
            raise SeasonError(f"{where}'s 'cards_used' is {_what(used)}, not a list of card ids")
        hand = list(held[i])
        for c in used:
            if c not in hand:
                raise SeasonError(f"{where} used the card {c!r}, which he did not hold")
            hand.remove(c)
        men.append(ManResult(end, dealt, tuple((loc, wounds[loc]) for loc in LOCATIONS if wounds.get(loc)),
                             tuple(used)))
    if winner is not None:
        if men[winner].end != "standing":
            raise SeasonError(f"'result': the winner (man {winner + 1}) is {men[winner].end}, not standing")
        if men[1 - winner].end == "standing":
            raise SeasonError(f"'result': the loser (man {2 - winner}) is still standing")
    elif (men[0].end == "standing") != (men[1].end == "standing"):
        raise SeasonError("'result': a draw with one man standing and the other down")
    record = data.get("record")
    if record is not None and not isinstance(record, dict):
        raise SeasonError(f"'result' 'record' is {_what(record)}, not a game record or null")
    return BoutResult(winner, (men[0], men[1]), record)


# --- a bout played by the Gladiator! rules and their bots ---

MAX_BOUT_DECISIONS = 20_000
"""A bout that has not ended after this many answers is an error (a bout takes a few hundred)."""


def bout_with_bots(level: str | None = None, max_decisions: int = MAX_BOUT_DECISIONS) -> PlayBout:
    """A `play_bout` that plays each bout with the Gladiator! rules (ruleset `gladiator` in the
    core's registry) and its bots at `level` (None: each ludus's own level, else the rules' middle
    one), a fresh bot for every answer seeded by the bout's seed and the answer's number (so a
    bout played again from its seed is the same bout); random legal answers if the rules have no
    bots. The rules give careers two hooks, `Ruleset.career` (`core.registry.CareerRules`):
    `bout_setup(bout_json, seed)` (the rules' setup for the two men) and `bout_result(game)` (the
    finished bout as `BoutResult.to_json()` without its record). SeasonError if the rules are not
    installed or give no careers."""
    from ...core import registry
    from ...core.loop import play_until_over

    def play(bout: BoutSetup, seed: int) -> BoutResult:
        ruleset = rules_for_careers()
        setup = ruleset.career.bout_setup(bout.to_json(), seed)
        game = ruleset.new_game(setup)
        levels = tuple(ruleset.bot_levels)

        def choose(g):
            n = seed * 1_000_003 + len(g.history)
            player = g.pending.player
            if ruleset.bot is None or not levels:
                return ruleset.random_answer(g, random.Random(n))
            side = next((s for s in bout.sides if s.ludus == player), None)
            wanted = level or (side.bot if side is not None else None)
            lv = wanted if wanted in levels else levels[len(levels) // 2]
            return ruleset.bot(lv, player, n).choose(g)

        play_until_over(game, choose, max_decisions=max_decisions)  # every bout ends (the engine calls one off)
        if not game.over:
            raise SeasonError(f"bout {bout.number} did not end in {max_decisions} decisions")
        data = dict(ruleset.career.bout_result(game))
        data["record"] = registry.record_of(game, ruleset).to_json()
        return result_from_json(data, [s.gladiator.cards for s in bout.sides])

    return play


def rules_for_careers():
    """The Gladiator! ruleset from the core's registry, if it is installed and gives careers
    their hooks (SeasonError saying which is missing)."""
    from ...core import registry

    try:
        ruleset = registry.get(RULESET)
    except KeyError:
        raise SeasonError("Gladiator! rules are not installed (no ruleset 'gladiator' in the registry): "
                          "a season's bouts can not be played") from None
    if getattr(ruleset, "career", None) is None:
        raise SeasonError("Gladiator! rules give careers no hooks (Ruleset.career: bout_setup, "
                          "bout_result, deck): a season's bouts can not be played")
    return ruleset


_ENDS_SAID = {"standing": "was left standing", "spared": "was spared", "thumbs_down":
              "was put down (the crowd's thumbs down)", "killed": "was killed in the sand"}
_ENDS_REPLAYED = {"standing": "{name} standing", "spared": "{name} spared",
                  "thumbs_down": "{his} death (the crowd's thumbs down)", "killed": "{his} death (killed in the sand)"}


def result_differences(setup: BoutSetup, said: BoutResult, replayed: BoutResult) -> list[str]:
    """What a bout's result as a file gives it (`said`) and as its record replays (`replayed`)
    differ in, in words ("the file says Crixus was spared, but its record replays to his death");
    [] when they agree."""
    out = []
    if said.winner != replayed.winner:
        def won(w):
            return "a draw" if w is None else f"{setup.sides[w].ludus}'s win"
        out.append(f"the file says {'it was a draw' if said.winner is None else setup.sides[said.winner].ludus + ' won'}, "
                   f"but its record replays to {won(replayed.winner)}")
    for side, a, b in zip(setup.sides, said.men, replayed.men):
        name = side.gladiator.name
        if a.end != b.end:
            out.append(f"the file says {name} {_ENDS_SAID[a.end]}, but its record replays to "
                       + _ENDS_REPLAYED[b.end].format(name=name, his=side.gladiator.words().possessive))
        if a.damage_dealt != b.damage_dealt:
            out.append(f"the file says {name} dealt {a.damage_dealt} damage, its record {b.damage_dealt}")
        if a.wounds != b.wounds:
            def wounds(m):
                return ", ".join(f"{loc} {n}" for loc, n in m.wounds) or "none"
            out.append(f"the file gives {name} the wounds {wounds(a)}, its record {wounds(b)}")
        if sorted(a.cards_used) != sorted(b.cards_used):
            out.append(f"the file says {name} played {', '.join(a.cards_used) or 'no card'}, "
                       f"its record {', '.join(b.cards_used) or 'no card'}")
    return out


def replayed_bout_check(setup: BoutSetup, seed: int, result: BoutResult) -> None:
    """A `CheckBout` that believes a bout's result only if its record is this bout's (the setup
    the rules give its two men as they stood, its seed), replays decision by decision with the
    Gladiator! rules to a finished (or called-off) bout, and that bout's result is the result's
    in every part (winner, each man's end, damage, wounds, cards played). SeasonError saying
    what is wrong or differs otherwise. Pure: the rules through the core's registry."""
    import json

    from ...core import registry
    from ...core.record import Record

    if result.record is None:
        raise SeasonError("its result has no record of the bout to replay: it can not be believed")
    ruleset = rules_for_careers()
    try:
        record = Record.from_json(result.record)
    except RecordError as e:
        raise SeasonError(f"its record can not be read ({e})") from None
    if record.ruleset != ruleset.id:
        raise SeasonError(f"its record is of {_what(record.ruleset)}, not a Gladiator! bout")
    try:
        expected = json.loads(json.dumps(ruleset.setup_to_json(ruleset.career.bout_setup(setup.to_json(), seed))))
    except Exception as e:  # the rules refusing the season's own bout: nothing to check it against
        raise SeasonError(f"the rules give no setup for it ({type(e).__name__}: {e})") from None
    if record.setup != expected or record.seed != seed:
        raise SeasonError("its record is not of this bout (its men, their cards or its seed differ "
                          "from the season's): the file was edited")
    try:
        game = registry.replay(record)
    except RecordError as e:
        raise SeasonError(f"its record does not replay ({e})") from None
    except Exception as e:  # the rules choking on an edited record: still a broken file, not a crash
        raise SeasonError(f"its record does not replay ({type(e).__name__}: {e})") from None
    called_off = getattr(ruleset.career, "called_off", None)
    if not game.over and not (called_off is not None and called_off(game)):
        raise SeasonError(f"its record stops after {len(record.decisions)} decisions, before the bout ended")
    data = dict(ruleset.career.bout_result(game))
    data["record"] = result.record
    replayed = result_from_json(data, [s.gladiator.cards for s in setup.sides])
    differences = result_differences(setup, result, replayed)
    if differences:
        raise SeasonError("; ".join(differences))


def run(season: Season, play_bout: PlayBout, on_action: Callable[[Season], None] | None = None,
        stop_after: int | None = None) -> int:
    """Take the computer's actions until the season is over, waits on a person, or `stop_after`
    actions have been taken; `on_action(season)` after each (the caller saves there). Returns how
    many actions were taken."""
    n = 0
    while stop_after is None or n < stop_after:
        action = season.next_action(play_bout)
        if action is None:
            break
        season.apply(action)
        n += 1
        if on_action is not None:
            on_action(season)
    return n
