"""What Skirmish's table reads of a game: the seats and colours, where each miniature is, the legal
answers sorted by what they do, the odds of an attack (the rules' `odds.py`), the scenario's goal
and progress, in words. The table (battle.py) draws and asks; this module only reads and words
what the engine says — it decides no rule.

Everything here reads a player's view of the game (`seen`: `Front.view(viewer)`, the ruleset's
`view.state_for`), never the game itself (tests/shell/test_view_only.py); the odds are the ruleset's
answer to `Front.ask(viewer, "odds", …)`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from ...board.square import Square
from ...core.front import Front
from ...rulesets.skirmish import actions as act
from ...rulesets.skirmish import events as ev
from ...rulesets.skirmish.army import move_of
from ...rulesets.skirmish.odds import percent
from ...client.art.palette import PLAYER_COLOURS
from .anim import Figure, View


def seen_of(x) -> Mapping:
    """The public view of `x`: a view already (returned as it is), a `Front`, or a game handed on
    unread (a results screen's) — put behind a `Front` and never read."""
    if isinstance(x, Mapping):
        return x
    return (x if isinstance(x, Front) else Front(x)).view(None)


def square(at) -> Square | None:
    """A view's square (a pair) as a `Square`; None stays None."""
    return None if at is None else Square(*at)


# --- seats ------------------------------------------------------------------------


def seats(seen) -> list[str]:
    return list(seen_of(seen).players)


def colour_number(name, default: int) -> int:
    """The palette's colour a seat's colour names ("vermilion", "sky blue", or its number "2"); else `default`."""
    text = str(name or "").strip().lower()
    for i, pc in enumerate(PLAYER_COLOURS):
        if text in (pc.name.lower(), str(pc.number)):
            return i
    return default


def colours(seen) -> list[int]:
    """Each seat's colour (the palette's index), as its setup names it; seat order when it names none."""
    seen = seen_of(seen)
    named = list(seen.colours)
    n = len(seen.players)
    out = [colour_number(c, k) for k, c in enumerate(named)] if len(named) == n else []
    return out if len(set(out)) == n else list(range(n))


def bot_seats(seen) -> list[tuple[str, str]]:
    """(player, level) of each seat the computer plays: the setup's, or what the setup screen asked for."""
    return list(seen_of(seen).bots.items())


def seed_of(played) -> int:
    """The seed of the game's setup (the host's: given through `Front.hand_to` to seed its bots; never
    drawn, and in no view — it would tell the dice to come)."""
    return int(getattr(getattr(played, "setup", None), "seed", 0) or 0)


# --- miniatures -------------------------------------------------------------------


def mini(seen, mid):
    """Miniature `mid` as the view has it: owner, name, die, weapon, hero, at, armour, max_armour …"""
    return seen.minis[mid]


def minis_of(seen, player) -> list:
    return [m for m in seen.minis.values() if m.owner == player]


def square_of(seen, mid):
    m = seen.minis.get(mid)
    return square(m.at) if m is not None and m.alive else None


def mini_at(seen, sq):
    for m in seen.minis.values():
        if m.alive and m.at is not None and m.at[0] == sq[0] and m.at[1] == sq[1]:
            return m.id
    return None


def open_activation(seen):
    """The miniature whose activation is open, or None."""
    a = seen.activation
    return a.mini if a is not None else None


def counts(seen, player) -> tuple[int, int, int]:
    """(on the board, in reserve, defeated) of `player`'s miniatures."""
    ms = minis_of(seen, player)
    return (sum(1 for m in ms if m.alive and m.at is not None), sum(1 for m in ms if m.alive and m.at is None),
            sum(1 for m in ms if not m.alive))


def round_of(seen) -> int:
    return seen.round


def sync(view: View, seen) -> None:
    """Snap the (animation) view to the game as `seen` shows it."""
    for m in seen.minis.values():
        f = view.figures.get(m.id)
        on = m.alive and m.at is not None
        if f is None:
            f = view.figures[m.id] = Figure(m.id, 0.0, 0.0)
        if on:
            f.x, f.y = float(m.at[0]), float(m.at[1])
        f.armour, f.alive, f.on_board = m.armour, m.alive, on
        f.alpha, f.scale, f.dx, f.dy = (1.0 if on else 0.0), 1.0, 0.0, 0.0
    view.acted = {m.id for m in seen.minis.values() if m.acted}
    view.acting = open_activation(seen)
    mk = seen.marker
    view.marker = square(mk.at) if mk is not None and mk.carried_by is None else None
    view.carrier = mk.carried_by if mk is not None else None


# --- the decision and its answers -------------------------------------------------


def decision_kind(decision) -> str:
    return decision.kind


def actor(action):
    """The miniature an answer is about (None for a re-roll answer)."""
    return getattr(action, "mini", None)


def action_kind(action) -> str:
    return {act.Place: "place", act.Pick: "pick", act.Move: "move", act.Attack: "attack", act.PickUp: "pick_up",
            act.Drop: "drop", act.End: "end", act.Pass: "pass", act.Reroll: "reroll"}[type(action)]


def move_end(action):
    return action.path[-1]


def target_of(action):
    return action.target


def attack_with(action) -> str:
    return action.mode


def place_square(action):
    return action.at


def is_reroll(action) -> bool:
    return isinstance(action, act.Reroll) and action.yes


def odds_of(front, viewer, attack):
    """The odds of an attack answer, as the ruleset answers `viewer` (`Front.ask(viewer, "odds", …)`)."""
    return front.ask(viewer, "odds", attack.mini, attack.target, attack.mode)


def odds_percent(front, viewer, attack) -> int:
    """The chance the attack succeeds — attack ≥ defence and the save fails (armour then spent) — in %."""
    return percent(odds_of(front, viewer, attack).wound)


def random_answer(options, rng: random.Random):
    """A random one of the legal answers `options` (`Front.legal`)."""
    return rng.choice(list(options))


def effect_for(event) -> str | None:
    """The sound effect an event gets (client/sound.py's EFFECTS), or None."""
    if isinstance(event, ev.Moved):
        return "step"
    if isinstance(event, (ev.DieRolled, ev.InitiativeRolled)):
        return "dice"
    if isinstance(event, ev.AttackCompared):  # the attack gets through the defence, or is blocked
        return "hit" if event.success else "miss"
    if isinstance(event, (ev.Saved, ev.ArmourSpent, ev.PickUpFailed)):  # the save holds: the attack fails
        return "miss"
    if isinstance(event, ev.Defeated):
        return "death"
    if isinstance(event, (ev.MarkerPicked, ev.MarkerDropped)):
        return "loot"
    if isinstance(event, ev.GameOver):
        return "crowd"
    return None


# --- words --------------------------------------------------------------------------


WEAPON_WORDS = {"melee": "melee", "bow": "bow", "gun": "gun"}


def stat_lines(m, save: int = 4, skill: int | None = None) -> list[str]:
    """A miniature's stat line in words (SKIRMISH.md §2), from its view (`mini`): all from its die;
    `save` and `skill` the rolls they need (`Front.ask(viewer, "needs", …)`; skill: half the die)."""
    n = m.die
    skill = n // 2 if skill is None else skill
    lines = [f"d{n} · {WEAPON_WORDS.get(m.weapon, m.weapon)} · {armour_words(m.armour, m.max_armour)}"
             + (" · hero" if m.hero else ""),
             f"Move {move_of(n)} · melee d{n} · defence d{n}"]
    if m.weapon == "bow":
        lines.append(f"Ranged (bow): d{n} halved, rounded up")
    elif m.weapon == "gun":
        lines.append(f"Ranged (gun): d{n}")
    lines.append(f"Save {save}+ on d{n} · skill {skill}+")
    if m.hero:
        lines.append("Hero re-roll: " + ("used this round" if m.rerolled else "ready"))
    return lines


def armour_words(left: int, most: int) -> str:
    """A miniature's armour as a player reads it: "no armour", "armour 1", "armour 2 of 3" (some spent;
    "0/0" and "2/3" read as numbers, and the slash is lost at the smallest size)."""
    if most <= 0:
        return "no armour"
    if left == most:
        return f"armour {most}"
    return f"armour {left} of {most}"


def status_words(seen, mid) -> str:
    m = seen.minis[mid]
    if not m.alive:
        return f"{m.owner}'s · defeated"
    if m.at is None:
        return f"{m.owner}'s · in reserve"
    if open_activation(seen) == mid and seen.outcome is None:  # (the game's last activation is over with it)
        return f"{m.owner}'s · acting now"
    bits = [f"{m.owner}'s", "has acted" if m.acted else "ready", "on " + square_words(m.at)]
    if m.carrying:
        bits.append("carries the marker")
    return " · ".join(bits)


def square_words(sq) -> str:
    from ...client.squareview import square_name

    return square_name(sq)


SCENARIO_TITLES = {None: "Last army standing", "infiltrate": "Infiltrate", "retrieve": "Retrieve",
                   "survival": "Survival"}
SCENARIO_GOALS = {
    None: "Defeat every enemy miniature, on the board and in reserve.",
    "infiltrate": "Win with two of your miniatures at once on the enemy's home row (corners do not count).",
    "retrieve": "Pick up the marker in the centre (a Skill check) and carry it to a corner of your own back rank.",
    "survival": "After round 3, more miniatures on the board wins (then more points on it).",
}


def scenario_words(seen) -> tuple[str, str, list[str]]:
    """(title, goal, progress lines) of the game's scenario."""
    sc = seen.options.scenario
    progress: list[str] = []
    a, b = seen.players

    def on_board(p):
        return [m for m in seen.minis.values() if m.owner == p and m.alive and m.at is not None]

    if sc == "infiltrate":
        for p, other in ((a, b), (b, a)):
            row = set(seen.home_rows[other])
            n = sum(1 for m in on_board(p) if tuple(m.at) in row)
            progress.append(f"{p}: {n} of 2 on {other}'s home row")
    elif sc == "retrieve":
        mk = seen.marker
        if mk is not None and mk.carried_by is not None:
            c = seen.minis[mk.carried_by]
            progress.append(f"{c.owner}'s {c.name} carries the marker ({square_words(c.at)})")
        elif mk is not None and mk.at is not None:
            progress.append(f"The marker lies on {square_words(mk.at)}")
    elif sc == "survival":
        progress.append(f"Round {max(1, seen.round)} of 3 · on the board: {a} {len(on_board(a))}, "
                        f"{b} {len(on_board(b))}")
    else:
        left = {p: sum(1 for m in minis_of(seen, p) if m.alive) for p in (a, b)}
        progress.append(f"Left: {a} {left[a]}, {b} {left[b]}")
    return SCENARIO_TITLES.get(sc, str(sc)), SCENARIO_GOALS.get(sc, ""), progress


SCENARIO_GUIDE = {
    None: ("Plain fight: last army standing", [
        ("Goal", "Defeat every enemy miniature, on the board and in reserve."),
        ("How it ends", "The moment one army has nobody left; the other army wins."),
        ("Scoring", "None: only who is left standing counts."),
    ]),
    "infiltrate": ("Infiltrate", [
        ("Goal", "Get two of your miniatures onto the enemy's home row (its back rank; the corners do not count) "
                 "at the same time."),
        ("How it ends", "That player wins at once (checked after every activation). Wiping out the other army "
                        "wins too."),
        ("Scoring", "None: the first to get two in wins."),
    ]),
    "retrieve": ("Retrieve", [
        ("Goal", "Grab the marker (a flag) and bring it home. It starts on one of the gold rings in the middle of "
                 "the board. Stand on it and press Pick up: a Skill check, half your die or more (a d8 needs 4)."),
        ("How it ends", "A carrier that ends its move on a corner of its own back rank wins at once. A defeated "
                        "carrier drops the marker where it stood. Wiping out the other army wins too."),
        ("Scoring", "None: the first home with the marker wins."),
    ]),
    "survival": ("Survival", [
        ("Goal", "Keep more of your army standing than the enemy does."),
        ("How it ends", "After round 3 (or earlier, if an army is wiped out)."),
        ("Scoring", "More miniatures on the board wins; tied, the one whose miniatures on the board are worth "
                    "more points (the die's sides, bow 3, gun 4, armour left 2 each, hero 3); still tied, a draw."),
    ]),
}
"""Each scenario told for the setup screen, in players' words: (title, [(part, words)]: the goal, how it
ends, how the winner is scored)."""

RETRIEVE_LEGEND = ("The gold rings in the middle are where the marker may start; the flag is the marker. Stand on it "
                   "and press Pick up (P).")
"""What Retrieve's gold rings and flag are, under the scenario on the table (a board that marks its centre)."""
RETRIEVE_LEGEND_PLAIN = "The flag is the marker. Stand on it and press Pick up (P)."
"""The same on a board without the rings."""
RINGS_ELSEWHERE = "The gold rings in the middle only matter in Retrieve."
"""Under any other scenario, on a board that shows them."""


def legend_words(seen, rings: bool) -> str:
    """What the board's marks mean under this game's scenario ("" if nothing to say); `rings`: the
    board shows Retrieve's gold rings (the bundled boards do)."""
    if seen.outcome is not None:
        return ""  # (no "press Pick up" once the game is over)
    if seen.options.scenario == "retrieve":
        return RETRIEVE_LEGEND if rings else RETRIEVE_LEGEND_PLAIN
    return RINGS_ELSEWHERE if rings else ""


def danger_words(seen) -> list[tuple[str, str]]:
    """(player about to win, warning) for each way a player could win with one move as the board stands
    (the view's `one_move_from_winning`, decided by the rules): "Blue can win next move: ..."."""
    out = []
    for d in getattr(seen, "one_move_from_winning", None) or ():
        m = seen.minis[d.mini]
        where = square_words(d.to)
        when = "" if d.ready else " next round"
        if d.scenario == "retrieve":
            words = f"{d.player} can win{when}: {m.name} carries the marker and can reach the corner {where}."
        else:
            words = (f"{d.player} can win{when}: one miniature is on the home row and {m.name} can step onto "
                     f"{where}.")
        out.append((d.player, words))
    return out


def initiative_words(seen) -> str:
    """The round's roll-off for the top bar; once the game is over, who won instead (the last round's
    "Red acts first" read as if the game went on)."""
    if seen.outcome is not None:
        winners = tuple(seen.outcome.winners)
        return f"Game over: {' & '.join(winners)} wins" if winners else "Game over: a draw"
    if not seen.round or not seen.initiative:
        return ""
    rolls = " · ".join(f"{p} {', '.join(str(v) for v in vs)}" for p, vs in seen.initiative.items())
    first = f": {seen.first} acts first" if seen.first else ""
    return f"Initiative {rolls}{first}"


def reroll_words(seen, decision, needs=None) -> str:
    """The hero's re-roll offer in words, with what a new roll would bring: "Captain rolled 7 on d8 for
    attack (a re-roll rolls higher 1 time in 8)." / "… for save: needs 4+ (a re-roll makes it 5 times in 8)."
    `needs(purpose, sides)`: the least roll that succeeds (`Front.ask(viewer, "needs", …)`), or None."""
    r = decision.roll
    if r is None:
        return "re-roll the die?"
    m = seen.minis[r.mini]
    said = f"{m.name} rolled {r.value} on d{r.sides} for {PURPOSE_WORDS.get(r.purpose, r.purpose)}"
    least = needs(r.purpose, r.sides) if needs is not None and r.purpose in ("save", "skill") else None
    if least is not None:
        better = r.sides - least + 1
        chance = f": needs {least}+ (a re-roll makes it {times(better)} in {r.sides})"
    else:
        chance = f" (a re-roll rolls higher {times(r.sides - r.value)} in {r.sides})"
    return said + chance + "."


PURPOSE_WORDS = {"attack": "attack", "defence": "defence", "save": "its save", "skill": "the skill check"}


def times(n: int) -> str:
    return f"{n} time{'s' if n != 1 else ''}"


def outcome_words(seen) -> tuple[str, list[str]]:
    o = seen.outcome
    winners = tuple(o.winners) if o is not None else ()
    reason = o.reason if o is not None else ""
    head = f"{' & '.join(winners)} wins!" if winners else "A draw"
    why = {"last_standing": "The other army has no miniature left.",
           "infiltrate": "Two miniatures stand on the enemy's home row.",
           "retrieve": "The marker was carried home to a corner of the winner's back rank.",
           "survival": "More miniatures (or points) on the board after round 3."}.get(reason, "")
    lines = [why] if why else []
    for p in seen.players:
        on, res, lost = counts(seen, p)
        lines.append(f"{p}: {on} on the board, {res} in reserve, {lost} lost")
    return head, lines
