"""What a card looks like: its sprite hints (docs/CARDS.md §3.2) read once into a `_Look`
(hat, weapon, colours, pronouns), with fallbacks for anything unknown; seeded from the card id.
"""

from __future__ import annotations

import random
import re
import weakref
from collections.abc import Mapping
from dataclasses import dataclass

from .palette import HAIRS, NIGHT, SKINS
from .pens import _c8, _hsv, _mix, _parse_rgb, _seed


HATS = ("none", "bicorne", "tricorn", "crown", "laurel", "helmet", "horned_helmet", "kabuto",
        "turban", "hood", "veil", "feathers", "straw_hat", "top_hat", "headband", "tiara",
        "fur_hat")
WEAPONS = ("none", "sword", "sabre", "katana", "spear", "axe", "bow", "musket", "pistol",
           "club", "staff", "shield", "trident", "whip", "hammer", "book", "fan", "dagger")
DEFAULT_HAT = "none"
DEFAULT_WEAPON = "sword"


# ---------------------------------------------------------------------------
# the look of a card
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class _Look:
    id: str
    hat: str
    weapon: str
    body: tuple
    skin: tuple
    hair: tuple
    accent: tuple
    hair_style: str
    beard: bool
    cape: bool
    epaulettes: bool
    bandolier: bool
    sash: bool
    variant: int
    mouth: str
    brows: str
    glance: float


_POINTED_WITH = {"bow", "axe", "spear", "trident", "club", "whip"}
"""Weapons whose crest-less helmet is a pointed steppe helmet (the others get a knight's)."""
_SOMBRERO_WITH = {"musket", "pistol", "whip"}
"""Weapons that make a straw hat a sombrero (the others get a conical hat)."""
_HIDDEN_HAIR_HATS = {"hood", "veil", "kabuto", "turban", "top_hat", "fur_hat", "helmet",
                     "horned_helmet", "straw_hat", "bicorne", "tricorn", "feathers"}


_LOOKS: "weakref.WeakKeyDictionary" = None  # card -> its _Look, filled on first use


def _look(card) -> _Look:
    """The card's look, worked out once per card object (every frame asks)."""
    global _LOOKS
    if _LOOKS is None:
        _LOOKS = weakref.WeakKeyDictionary()
    try:
        return _LOOKS[card]
    except (KeyError, TypeError):
        pass
    look = _make_look(card)
    try:
        _LOOKS[card] = look
    except TypeError:  # not weak-referenceable: just do not cache
        pass
    return look


def _make_look(card) -> _Look:
    cid = str(getattr(card, "id", "") or getattr(card, "name", "") or "someone")
    sp = getattr(card, "sprite", None)
    if not isinstance(sp, Mapping):
        sp = {}
    rng = random.Random(_seed("look", cid))
    hat = str(sp.get("hat", DEFAULT_HAT) or DEFAULT_HAT).strip().lower().replace("-", "_").replace(" ", "_")
    if hat not in HATS:
        hat = DEFAULT_HAT
    weapon = str(sp.get("weapon", DEFAULT_WEAPON) or DEFAULT_WEAPON).strip().lower().replace("-", "_").replace(" ", "_")
    if weapon not in WEAPONS:
        weapon = DEFAULT_WEAPON
    hue_pick = rng.random()
    accent_default = tuple(_c8(v) for v in _hsv(hue_pick, 0.65, 0.75))
    accent = _parse_rgb(getattr(card, "colour", None), accent_default)
    body = _parse_rgb(sp.get("body"), _mix(accent, NIGHT, 0.35))
    skin = _parse_rgb(sp.get("skin"), rng.choice(SKINS))
    hair = _parse_rgb(sp.get("hair"), rng.choice(HAIRS))
    he, she = _pronouns(card)
    if she > he:
        styles = ["long", "long", "long", "bun", "bun", "braids", "braids", "short"]
    elif he > she:
        styles = ["short", "short", "short", "wild", "topknot", "long", "bald", "braids"]
    else:
        styles = ["short", "short", "long", "long", "bun", "topknot", "braids", "wild"]
    hair_style = rng.choice(styles)
    beard_roll = rng.random()
    beard = "beard" in cid.lower() or "beard" in str(getattr(card, "name", "")).lower() or (
        he > she and beard_roll < 0.42)
    cape = rng.random() < 0.55
    epaulettes = hat in ("bicorne", "tricorn") or rng.random() < 0.12
    bandolier = weapon in ("musket", "pistol")
    sash = not cape and not bandolier and rng.random() < 0.6
    variant = rng.randrange(1 << 16)
    mouth = rng.choice(["grin", "smirk", "shout", "grit", "smile", "oh"])
    brows = rng.choice(["angry", "raised", "flat", "angry"])
    glance = rng.uniform(-1.0, 1.0)
    return _Look(cid, hat, weapon, body, skin, hair, accent, hair_style, beard, cape,
                 epaulettes, bandolier, sash, variant, mouth, brows, glance)


_HE = re.compile(r"\b(he|him|his|himself)\b", re.I)
_SHE = re.compile(r"\b(she|her|hers|herself)\b", re.I)


def _pronouns(card) -> tuple[int, int]:
    """How often the card's flavour line says he/his and she/her (a hint for hair and beards)."""
    text = " ".join(str(getattr(card, f, "") or "") for f in ("flavour", "title"))
    return len(_HE.findall(text)), len(_SHE.findall(text))


def _bit(look: _Look, n: int) -> bool:
    return bool((look.variant >> n) & 1)
