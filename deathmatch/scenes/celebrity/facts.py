"""Reading a Celebrity view (`rulesets/celebrity/view.py` through `deathmatch.core.front`) the way the
screens need it: a model's short name, a figure's face for the art, a hex as the board's `Hex`."""

from __future__ import annotations

from ...board.hex import Hex


def hex_of(at) -> Hex | None:
    """A view's hex (a plain pair) as the board's `Hex`, None for none."""
    return None if at is None else Hex(*at)


def who(view, model_id: str | None) -> str:
    """A model's short name (a beast's kind) in `view`, for the words on screen."""
    if model_id is None:
        return "someone"
    if model_id in view.models:
        return view.models[model_id].name.split(",")[0]
    if model_id in view.beast_kinds:
        return f"the {view.beast_kinds[model_id]}"
    return model_id


class Face:
    """What client/art draws a figure or portrait from (a card's id, name, title, flavour, colour and
    sprite hints; never its abilities): one object per look, so that the art's caches hold."""

    __slots__ = ("id", "name", "title", "flavour", "colour", "sprite", "__weakref__")

    def __init__(self, face):
        self.id, self.name, self.title = face["id"], face["name"], face["title"]
        self.flavour, self.colour, self.sprite = face["flavour"], face["colour"], dict(face["sprite"])


_FACES: dict[tuple, Face] = {}
_SEEN: dict[int, tuple] = {}
"""id of a view's face → (that face, its `Face`): a view is made once per change of the game and
drawn many times, so a face is looked up by the object first (kept, so its id stays its own)."""


def face(model) -> Face:
    """The face of a model of a view (the same object for the same look)."""
    f = model.face
    got = _SEEN.get(id(f))
    if got is not None and got[0] is f:
        return got[1]
    key = (f["id"], f["name"], f["title"], f["flavour"], f["colour"], tuple(sorted(f["sprite"].items())))
    look = _FACES.get(key)
    if look is None:
        look = _FACES[key] = Face(f)
    if len(_SEEN) > 1024:
        _SEEN.clear()
    _SEEN[id(f)] = (f, look)
    return look


def needs_words(natural: int) -> str:
    """The natural roll a die needs, as the prompt and the log both say it: "5+", or "6"."""
    return "6" if natural >= 6 else f"{max(1, natural)}+"


def roll_words(roll: int, first: int | None = None) -> str:
    """A die as the prompt and the log both say it: "rolled 5", or "rolled 2, re-rolled to 5"."""
    return f"rolled {roll}" if first is None else f"rolled {first}, re-rolled to {roll}"


def ability_heading(ab, gap: str = " ") -> str:
    """An ability's heading as its card says it: its name and when it is played ("Dodge (attack response)";
    `gap` between them: the card panel's is wider)."""
    return f"{ab.name}{gap}({ab.timing.replace('_', ' ')})"


def ability(model, name: str):
    """The words (`name`, `timing`, `text`) of `model`'s ability `name` where the view shows them, else None."""
    for ab in model.card_abilities:
        if ab is not None and ab.name == name:
            return ab
    return None


_GROUPED: list = [None, {}]


def models_of(view, player: str) -> list[tuple[str, object]]:
    """(id, model) of `player`'s models in `view`, in the game's order (grouped once per view)."""
    if _GROUPED[0] is not view:
        groups: dict = {}
        for mid, m in view.models.items():
            groups.setdefault(m.player, []).append((mid, m))
        _GROUPED[:] = [view, groups]
    return _GROUPED[1].get(player, [])
