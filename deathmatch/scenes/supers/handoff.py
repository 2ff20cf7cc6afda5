"""Superhero Gladiators' words on the shared hand-off screen: what the next player is about to decide,
from that player's own view only (`view.state_for`: another team's hidden gizmos are not in it)."""

from __future__ import annotations


def decision_words(view: dict) -> str:
    d = view.get("pending") or {}
    models = view.get("models") or {}
    m = models.get(d.get("model")) if isinstance(models, dict) else None
    name = (m.get("name") if isinstance(m, dict) else None) or "your hero"
    return {
        "place": f"place {name} in your team's zone",
        "act": f"{name}'s action",
        "defend": f"{name} is hit: defend with a power, or not",
        "copy": f"{name} may copy the power that hurt it",
        "choose": f"pick which hidden gizmo of {name} was noticed",
    }.get(d.get("kind", ""), "")
