"""What a player may see of a game of Chessboard Skirmish: everything. Skirmish has no hidden
information (no cards, no secret orders; the dice's future is in no view), so every player's
view is the whole state, as plain data, and every event may be told to everyone. The public view
(`state_for(game, None)`: nobody seated, the hand-off, a spectator, the results) is the same view;
the view of a finished game hides nothing either, as the game hid nothing while it was played.

The screens read only this view and the questions below (`QUESTIONS`, through
`deathmatch.core.front.Front.ask`), never the game (tests/shell/test_view_only.py).
"""

from __future__ import annotations

from .geometry import reachable
from .odds import SAVE_ON, for_minis


def state_for(game, player: str | None) -> dict:
    """The whole state as plain data (the same for every player and for nobody; the dice's state is
    never in it). Beside the state, what the table draws from the game's setup: each seat's colour
    (`colours`, as the setup names it, in seat order) and the seats the computer plays (`bots`)."""
    s = game.state
    d = game.pending
    setup = getattr(game, "setup", None)
    bots = getattr(setup, "bots", None) or getattr(game, "seat_bots", None) or ()
    return {
        "players": list(s.players),
        "round": s.round,
        "first": s.first,
        "turn": s.turn,
        "initiative": {p: list(v) for p, v in s.initiative.items()},
        "options": {"points": s.options.points, "scenario": s.options.scenario, "obstacles": s.options.obstacles},
        "board": {"size": [s.width, s.height], "obstacles": sorted([list(q) for q in s.board.blocked])},
        "minis": {m.id: {"owner": m.owner, "name": m.spec.name, "die": m.die, "weapon": m.spec.weapon,
                         "hero": m.spec.hero, "at": list(m.at) if m.at is not None else None, "armour": m.armour,
                         "acted": m.acted, "alive": m.alive, "carrying": m.carrying, "rerolled": m.rerolled,
                         "id": m.id, "max_armour": m.spec.armour}
                  for m in s.minis.values()},
        "activation": None if s.activation is None else {
            "mini": s.activation.mini, "moved": s.activation.moved, "attacked": s.activation.attacked,
            "skill_tried": s.activation.skill_tried},
        "marker": None if s.marker is None else {
            "at": list(s.marker.at) if s.marker.at is not None else None, "carried_by": s.marker.carrier},
        "pending": None if d is None else {"player": d.player, "kind": d.kind, "mini": d.mini},
        "outcome": None if game.outcome is None else {"reason": game.outcome.reason,
                                                      "winners": list(game.outcome.winners)},
        "home_rows": {p: [list(q) for q in s.home_row(p)] for p in s.players},
        "colours": [getattr(seat, "colour", None) for seat in getattr(setup, "seats", ())],
        "bots": dict(bots.items()) if isinstance(bots, dict) else {str(p): str(level) for p, level in bots},
        "one_move_from_winning": [] if game.outcome is not None else one_move_from_winning(s),
    }


def one_move_from_winning(s) -> list[dict]:
    """Every way a player could win the scenario with a single move of one miniature as the board
    stands (§7), for the table's warning: Retrieve, a carrier that can reach a corner of its own back
    rank; Infiltrate, one miniature already on the enemy's home row and another that can step onto a
    free square of it. Each `{player, mini, to: [x, y], scenario, ready}` (`ready`: the miniature may
    still act this round); a miniature counts once, at its first such square (lowest rank, then file)."""
    out = []
    sc = s.options.scenario
    if sc not in ("retrieve", "infiltrate"):
        return out
    occupied = s.occupied()
    for p in s.players:
        if sc == "retrieve":
            goals = {c for c in s.corners() if c.y == s.back_rank(p)}
            movers = [m for m in s.on_board(p) if m.carrying]
        else:
            row = set(s.home_row(s.other(p)))
            already = [m for m in s.on_board(p) if m.at in row]
            if len(already) != 1:
                continue
            goals = {q for q in row if q not in occupied}
            movers = [m for m in s.on_board(p) if m.at not in row]
        for m in movers:
            if m.at in goals:
                continue
            near = [q for q in reachable(s.board, occupied, m.at, m.move) if q in goals]
            if near:
                out.append({"player": p, "mini": m.id, "to": list(min(near, key=lambda q: (q.y, q.x))),
                            "scenario": sc, "ready": not m.acted})
    return out


def event_visible_to(event, player: str) -> bool:
    """Every event is public in Skirmish."""
    return True


# --- questions a screen may ask for a viewer (`Front.ask`); Skirmish hides nothing, so each is
# answered alike for every viewer and for nobody ------------------------------------------------


def odds(game, viewer, attacker: str, target: str, mode: str = "melee"):
    """The exact chances of `attacker`'s attack on `target` as things stand (`odds.Odds`: hit, wound,
    defeat), heroes' unused re-rolls and the target's armour counted."""
    minis = game.state.minis
    return for_minis(minis[attacker], minis[target], mode)


def needs(game, viewer, purpose: str, sides: int) -> int | None:
    """The least roll of a d`sides` that succeeds at a roll of `purpose` ("save": 4; "skill": half the
    die), or None for a roll with no fixed target (attack, defence, initiative)."""
    if purpose == "save":
        return SAVE_ON
    if purpose == "skill":
        return sides // 2
    return None


def arena(game, viewer):
    """The board (`board.Arena`): its squares, obstacles and the map it came from. Public, and never
    changed once the game is set out (a screen draws it; it must not change it)."""
    return game.state.board


QUESTIONS = {"odds": odds, "needs": needs, "arena": arena}
"""What the screens ask of a game for a viewer (`Ruleset.questions`)."""
