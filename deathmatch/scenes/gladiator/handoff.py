"""Gladiator!'s words on the shared hand-off screen: what the next player is about to decide, from
that player's own view (Gladiator! hides nothing, but the hand-off reads only the view)."""

from __future__ import annotations


def decision_words(view: dict) -> str:
    d = view.get("pending") or {}
    men = view.get("men") or {}
    m = men.get(d.get("man")) if isinstance(men, dict) else None
    name = (m.get("name") if isinstance(m, dict) else None) or "your gladiator"
    his = {"she": "her", "they": "their", "it": "its"}.get(m.get("pronoun") if isinstance(m, dict) else None, "his")
    return {
        "choose": "you won the initiative: go first or second",
        "posture": f"{name} opens {his} half: choose {his} posture",
        "order": f"{name}'s orders",
        "reroll": "you may call on the gods to roll that die again",
        "card": "you may play an experience card now",
    }.get(d.get("kind", ""), "")
