"""Chessboard Skirmish's log in plain words: one line for each event worth telling the table
("Red's Legionary (d6) attacks Blue's Archer (d8): 5 against 3 — it succeeds."). Words only,
from the events and the miniatures' names (a player's view of the game, `Front.view`); nothing here
decides anything."""

from __future__ import annotations

from ...client.squareview import square_name
from ...rulesets.skirmish import events as ev

PURPOSE = {"attack": "attack", "defence": "defence", "save": "save", "skill": "skill check"}

WIN_WORDS = {"last_standing": "the other army has nobody left",
             "infiltrate": "two miniatures stand on the enemy's home row",
             "retrieve": "the marker is home, on a corner of its own back rank",
             "survival": "more miniatures (or points) on the board after round 3"}
"""Why a game was won, in the log's words (the game's over line: "Red wins: the marker is home…"; never
the rules' own name for the reason)."""


def who(seen, mid) -> str:
    """A miniature as the log names it: "Red's Legionary (d6)" (`seen`: a view of the game)."""
    m = seen.minis.get(mid)
    if m is None:
        return str(mid)
    return f"{m.owner}'s {m.name} (d{m.die})"


def describe(e, seen, needs=None) -> str:
    """The log's line for event `e`, or "" for one not worth a line. `seen`: a view of the game (the
    miniatures' names); `needs(purpose, sides)`: the roll a die needs (`Front.ask(viewer, "needs", …)`),
    said after a save or a skill check."""
    if isinstance(e, ev.Placed):
        return f"{who(seen, e.mini)} {'comes in from reserve' if e.reserve else 'sets up'} on {square_name(e.at)}"
    if isinstance(e, ev.RoundStarted):
        return f"— Round {e.round} —"
    if isinstance(e, ev.InitiativeRolled):
        again = " (again)" if e.attempt > 1 else ""
        return f"{e.player} rolls d{e.sides} for initiative{again}: {e.value}"
    if isinstance(e, ev.InitiativeTied):
        return f"Initiative tied at {e.value}: both roll again"
    if isinstance(e, ev.InitiativeWon):
        return f"{e.player} acts first in round {e.round}"
    if isinstance(e, ev.Picked):
        return f"{who(seen, e.mini)} acts"
    if isinstance(e, ev.Passed):
        return f"{who(seen, e.mini)} stays put this round"
    if isinstance(e, ev.Moved):
        carry = ", carrying the marker" if e.carrying else ""
        return f"{who(seen, e.mini)} moves from {square_name(e.start)} to {square_name(e.path[-1])}{carry}"
    if isinstance(e, ev.AttackDeclared):
        how = "shoots at" if e.mode == "ranged" else "attacks"
        return f"{who(seen, e.mini)} {how} {who(seen, e.target)}"
    if isinstance(e, ev.DieRolled):
        what = PURPOSE.get(e.purpose, e.purpose)
        counts = f" (counts {e.result}: a bow's half)" if e.result != e.value else ""
        again = "re-rolls" if e.reroll else "rolls"
        least = needs(e.purpose, e.sides) if needs is not None and e.purpose in ("save", "skill") else None
        need = f" — needs {least}+" if least is not None else ""
        return f"   {who(seen, e.mini)} {again} {what}: {e.value} on d{e.sides}{counts}{need}"
    if isinstance(e, ev.AttackCompared):
        verdict = "the attack gets through" if e.success else "the attack is blocked"
        return f"   {e.attack} against {e.defence}: {verdict}"
    if isinstance(e, ev.Saved):
        return f"   {who(seen, e.mini)} saves with {e.value}"
    if isinstance(e, ev.ArmourSpent):
        left = f"{e.left} left" if e.left else "none left"
        return f"   {who(seen, e.mini)}'s armour turns the blow ({left})"
    if isinstance(e, ev.Defeated):
        return f"{who(seen, e.mini)} is defeated on {square_name(e.at)}"
    if isinstance(e, ev.MarkerPicked):
        return f"{who(seen, e.mini)} picks up the marker on {square_name(e.at)}"
    if isinstance(e, ev.PickUpFailed):
        return f"{who(seen, e.mini)} fumbles the marker"
    if isinstance(e, ev.MarkerDropped):
        how = "falls with the marker" if e.defeated else "drops the marker"
        return f"{who(seen, e.mini)} {how} on {square_name(e.at)}"
    if isinstance(e, ev.RoundEnded):
        return f"Round {e.round} is over"
    if isinstance(e, ev.GameOver):
        if not e.winners:
            return "The game ends in a draw"
        why = WIN_WORDS.get(e.reason, "")
        return f"{' & '.join(e.winners)} wins" + (f": {why}" if why else "")
    return ""
