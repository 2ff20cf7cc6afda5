"""What Skirmish's table reads of a game: the seats and colours, where each miniature is, the legal
answers sorted by what they do, the odds of an attack (the rules' `odds.py`), the scenario's goal
and progress, in words. The table (battle.py) draws and asks; this module only reads and words
what the engine says — it decides no rule.
"""

from __future__ import annotations

import random

from ...rulesets.skirmish import actions as act
from ...rulesets.skirmish import events as ev
from ...rulesets.skirmish.army import move_of
from ...rulesets.skirmish.odds import for_minis, percent
from ...client.art.palette import PLAYER_COLOURS
from .anim import Figure, View


# --- seats ------------------------------------------------------------------------


def seats(game) -> list[str]:
    return list(game.state.players)


def colour_number(name, default: int) -> int:
    """The palette's colour a seat's colour names ("vermilion", "sky blue", or its number "2"); else `default`."""
    text = str(name or "").strip().lower()
    for i, pc in enumerate(PLAYER_COLOURS):
        if text in (pc.name.lower(), str(pc.number)):
            return i
    return default


def colours(game) -> list[int]:
    """Each seat's colour (the palette's index), as its setup names it; seat order when it names none."""
    setup = getattr(game, "setup", None)
    named = [getattr(seat, "colour", None) for seat in getattr(setup, "seats", ())]
    out = [colour_number(c, k) for k, c in enumerate(named)] if len(named) == len(seats(game)) else []
    return out if len(set(out)) == len(seats(game)) else list(range(len(seats(game))))


def bot_seats(game) -> list[tuple[str, str]]:
    """(player, level) of each seat the computer plays: the setup's, or what the setup screen asked for."""
    bots = getattr(getattr(game, "setup", None), "bots", None) or getattr(game, "seat_bots", None) or ()
    return list(bots.items()) if isinstance(bots, dict) else [tuple(b) for b in bots]


def seed_of(game) -> int:
    return int(getattr(getattr(game, "setup", None), "seed", 0) or 0)


# --- miniatures -------------------------------------------------------------------


def mini(game, mid):
    return game.state.minis[mid]


def minis_of(game, player) -> list:
    return [m for m in game.state.minis.values() if m.owner == player]


def square_of(game, mid):
    m = game.state.minis.get(mid)
    return m.at if m is not None and m.alive else None


def mini_at(game, sq):
    m = game.state.occupant(sq)
    return m.id if m is not None else None



def open_activation(game):
    """The miniature whose activation is open, or None."""
    a = game.state.activation
    return a.mini if a is not None else None


def counts(game, player) -> tuple[int, int, int]:
    """(on the board, in reserve, defeated) of `player`'s miniatures."""
    ms = minis_of(game, player)
    return (sum(1 for m in ms if m.alive and m.at is not None), sum(1 for m in ms if m.alive and m.at is None),
            sum(1 for m in ms if not m.alive))


def round_of(game) -> int:
    return game.state.round


def sync(view: View, game) -> None:
    """Snap the view to the engine's state."""
    s = game.state
    for m in s.minis.values():
        f = view.figures.get(m.id)
        on = m.alive and m.at is not None
        if f is None:
            f = view.figures[m.id] = Figure(m.id, 0.0, 0.0)
        if on:
            f.x, f.y = float(m.at[0]), float(m.at[1])
        f.armour, f.alive, f.on_board = m.armour, m.alive, on
        f.alpha, f.scale, f.dx, f.dy = (1.0 if on else 0.0), 1.0, 0.0, 0.0
    view.acted = {m.id for m in s.minis.values() if m.acted}
    view.acting = s.activation.mini if s.activation is not None else None
    mk = s.marker
    view.marker = mk.at if mk is not None and mk.carrier is None else None
    view.carrier = mk.carrier if mk is not None else None


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


def odds_of(game, attack):
    """The engine's odds of an attack answer (`Game.odds`; the rules' odds.py for a game without it)."""
    ask = getattr(game, "odds", None)
    if ask is not None:
        return ask(attack.mini, attack.target, attack.mode)
    s = game.state
    return for_minis(s.minis[attack.mini], s.minis[attack.target], attack.mode)


def odds_percent(game, attack) -> int:
    """The chance the attack succeeds — attack ≥ defence and the save fails (armour then spent) — in %."""
    return percent(odds_of(game, attack).wound)


def random_answer(game, rng: random.Random):
    options = list(game.legal_actions())
    return rng.choice(options)


def visible_to_all(game, event) -> bool:
    """Skirmish hides nothing: every event may be told to the table."""
    return True


def effect_for(event) -> str | None:
    """The sound effect an event gets (client/sound.py's EFFECTS), or None."""
    if isinstance(event, ev.Moved):
        return "step"
    if isinstance(event, (ev.DieRolled, ev.InitiativeRolled)):
        return "dice"
    if isinstance(event, (ev.ArmourSpent,)):
        return "hit"
    if isinstance(event, ev.Saved) or isinstance(event, ev.AttackCompared) and not event.success:
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


def stat_lines(m) -> list[str]:
    """A miniature's stat line in words (SKIRMISH.md §2): all from its die."""
    s = m.spec
    n = s.die
    lines = [f"d{n} · {WEAPON_WORDS.get(s.weapon, s.weapon)} · armour {m.armour}/{s.armour}"
             + (" · hero" if s.hero else ""),
             f"Move {move_of(n)} · melee d{n} · defence d{n}"]
    if s.weapon == "bow":
        lines.append(f"Ranged (bow): d{n} halved, rounded up")
    elif s.weapon == "gun":
        lines.append(f"Ranged (gun): d{n}")
    lines.append(f"Save 4+ on d{n} · skill {n // 2}+")
    if s.hero:
        lines.append("Hero re-roll: " + ("used this round" if m.rerolled else "ready"))
    return lines


def status_words(game, mid) -> str:
    m = game.state.minis[mid]
    if not m.alive:
        return f"{m.owner}'s · defeated"
    if m.at is None:
        return f"{m.owner}'s · in reserve"
    if open_activation(game) == mid:
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


def scenario_words(game) -> tuple[str, str, list[str]]:
    """(title, goal, progress lines) of the game's scenario."""
    s = game.state
    sc = s.options.scenario
    progress: list[str] = []
    a, b = s.players
    if sc == "infiltrate":
        for p in (a, b):
            row = set(s.home_row(s.other(p)))
            n = sum(1 for m in s.on_board(p) if m.at in row)
            progress.append(f"{p}: {n} of 2 on {s.other(p)}'s home row")
    elif sc == "retrieve":
        mk = s.marker
        if mk is not None and mk.carrier is not None:
            c = s.minis[mk.carrier]
            progress.append(f"{c.owner}'s {c.spec.name} carries the marker ({square_words(c.at)})")
        elif mk is not None and mk.at is not None:
            progress.append(f"The marker lies on {square_words(mk.at)}")
    elif sc == "survival":
        progress.append(f"Round {max(1, s.round)} of 3 · on the board: {a} {len(s.on_board(a))}, "
                        f"{b} {len(s.on_board(b))}")
    else:
        progress.append(f"Left: {a} {len(s.army(a))}, {b} {len(s.army(b))}")
    return SCENARIO_TITLES.get(sc, str(sc)), SCENARIO_GOALS.get(sc, ""), progress


def initiative_words(game) -> str:
    s = game.state
    if not s.round or not s.initiative:
        return ""
    rolls = " · ".join(f"{p} {', '.join(str(v) for v in vs)}" for p, vs in s.initiative.items())
    first = f": {s.first} acts first" if s.first else ""
    return f"Initiative {rolls}{first}"


def reroll_words(game, decision) -> str:
    r = decision.roll
    if r is None:
        return "re-roll the die?"
    m = game.state.minis[r.mini]
    return f"{m.spec.name} rolled {r.value} on d{r.sides} for {r.purpose}."


def outcome_words(game) -> tuple[str, list[str]]:
    o = game.outcome
    winners = tuple(getattr(o, "winners", ()) or ())
    reason = getattr(o, "reason", "")
    head = f"{' & '.join(winners)} wins!" if winners else "A draw"
    why = {"last_standing": "The other army has no miniature left.",
           "infiltrate": "Two miniatures stand on the enemy's home row.",
           "retrieve": "The marker reached a corner of its own back rank.",
           "survival": "More miniatures (or points) on the board after round 3."}.get(reason, "")
    lines = [why] if why else []
    s = game.state
    for p in s.players:
        on, res, lost = counts(game, p)
        lines.append(f"{p}: {on} on the board, {res} in reserve, {lost} lost")
    return head, lines
