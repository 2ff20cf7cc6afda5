"""Chessboard Skirmish's words on the shared hand-off screen (scenes/handoff.py): what the next
player is about to decide, from that player's own view (the ruleset's `view`; Skirmish hides
nothing, but the hand-off reads only the view all the same)."""

from __future__ import annotations


def decision_words(view: dict) -> str:
    """"pick a miniature to act", "place your Archer", … for the view's pending decision ("" if none)."""
    d = view.get("pending") or {}
    minis = view.get("minis") or {}
    m = minis.get(d.get("mini")) if isinstance(minis, dict) else None
    name = (m.get("name") if isinstance(m, dict) else None) or ""
    return {
        "place": "place a miniature on your home row",
        "pick": "pick a miniature to act",
        "act": f"{name} is acting" if name else "your miniature is acting",
        "reroll": "your hero may re-roll a die",
    }.get(d.get("kind", ""), "")
