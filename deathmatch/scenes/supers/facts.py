"""What Superhero Gladiators' screens say about a fight, alike on the table, the log, the hand-off and
the results: the seats and their colours, a hero's name, the outcome in words, the sound of an event.

Nothing here reads a hidden gizmo: a power's words come from a player's view (`view.state_for`) or
from public events."""

from __future__ import annotations

from ...client.art.palette import PLAYER_COLOURS
from ...rulesets.supers import events as ev


TEAM_SIZES = (2, 3)
"""How many heroes a team brings (the issue's team of 2–3)."""


def colour_name(index: int) -> str:
    return PLAYER_COLOURS[index % len(PLAYER_COLOURS)].name.lower()


def colour_index(name: str, default: int = 0) -> int:
    """The colour number of a seat's colour name (as the setup wrote it)."""
    for i, c in enumerate(PLAYER_COLOURS):
        if c.name.lower() == str(name).lower():
            return i
    return default


def seats(game) -> list[str]:
    return list(game.state.players)


def colours(game) -> list[int]:
    """Each seat's colour number (from the setup's colour names; seat order if none)."""
    setup = getattr(game, "setup", None)
    if setup is None:
        return list(range(len(game.state.players)))
    return [colour_index(s.colour, k) for k, s in enumerate(setup.seats)]


def start_events(game) -> list:
    """What the fight's start told (the tie dice, the acting order), for the table to show — none once a
    decision has been answered (a fight resumed from a save is past its start)."""
    return [] if getattr(game, "history", None) else list(getattr(game, "setup_events", ()))


def story(game) -> list:
    """Every event of the fight so far, in order: its record played again from its setup (what a fight
    resumed from a save told before); empty for a fight without a setup or a record that no longer plays."""
    from ...rulesets.supers.setup import new_game

    setup = getattr(game, "setup", None)
    if setup is None:
        return []
    try:
        again = new_game(setup, game.state.arena)
        out = list(getattr(again, "setup_events", ()))
        for action in getattr(game, "history", ()):
            out += again.apply(action)
    except Exception:  # the log is a nicety: a record that no longer plays leaves it empty
        return []
    return out


def hero_name(game, model_id) -> str:
    m = game.state.models.get(model_id) if model_id is not None else None
    if m is None:
        return str(model_id)
    twins = [o for o in game.state.models.values() if o.hero.name == m.hero.name]
    if len(twins) > 1:  # the same hero in two teams (or twice in one): told apart by the team, then a number
        same = [o for o in twins if o.owner == m.owner]
        return f"{m.hero.name} ({m.owner}{'' if len(same) == 1 else f' {same.index(m) + 1}'})"
    return m.hero.name


def outcome_words(game) -> tuple[str, list[str]]:
    """The headline and lines of a finished fight."""
    o = game.outcome
    if o is None:
        return "The fight goes on", []
    lines = []
    for p in game.state.players:
        team = game.state.team(p)
        up = [m for m in team if not m.fainted]
        lines.append(f"{p}: {len(up)} of {len(team)} heroes standing")
    if o.reason == "victory" and o.winners:
        return f"{o.winners[0]} wins!", lines
    why = {"draw": "everyone fainted", "quiet": "three quiet turns", "turn_limit": "the turn limit"}.get(o.reason, o.reason)
    return f"A draw ({why})", lines


def effect_for(event) -> str | None:
    """The sound effect of an event (the names the other rulesets' sounds use)."""
    if isinstance(event, ev.ToHitRolled):
        return "dice"
    if isinstance(event, ev.Damaged):
        return "hit"
    if isinstance(event, ev.HitResult) and not event.hit:
        return "miss"
    if isinstance(event, ev.Fainted):
        return "death"
    if isinstance(event, ev.Moved):
        return "step"
    if isinstance(event, (ev.DefenceInvoked, ev.Healed, ev.Copied)):
        return "ability"
    if isinstance(event, ev.GameOver):
        return "crowd"
    return None
