"""Celebrity Deathmatch's words on the shared hand-off screen (scenes/handoff.py): what the next
player is about to decide, told from that player's own view (`rulesets/celebrity/view.py`
`state_for`), so nothing hidden from them can show while the computer changes hands."""

from __future__ import annotations


def decision_words(view: dict) -> str:
    """"Cleopatra's turn", "place Cleopatra", … for the view's pending decision ("" if none)."""
    d = view.get("pending")
    m = view["models"].get(d["model"]) if d is not None and d["model"] else None
    name = m["name"] if m else ""
    return {
        "action": f"{name}'s turn" if m else "your turn",
        "place": f"place {name}" if m else "place a model",
        "push_back": f"{name} is pushed back: you choose where" if m else "a push back",
        "window": "you may play an ability now",
    }.get(d["kind"] if d else "", "")
