"""What an exchange's dice are worth to each man (§3, §6): whether he rolls an attack die at all
(`no_attack_reason`) and his attack and defence modifiers (`mods_of`). The exchange's resolution
(game.py), its odds (odds.py) and the worth of a call on the gods (gods.py) read them alike."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from .model import FRENZY_ATTACK, ORIENTATION, modifiers

if TYPE_CHECKING:  # pragma: no cover
    from .game import Exchange, Game
    from .state import Man


def no_attack_reason(g: Game, m: Man, foe: Man, side: str, distance: int) -> str | None:
    """Why `m` rolls no attack die against `foe` in this exchange (None: he rolls it)."""
    if side == "back":
        return "back"
    if m.weapons == 0:
        return "no_weapon"
    if m.netted:
        return "netted"
    if distance == 2 and m.id != g.exchange.attacker:
        return "reach"  # "only the trident man rolls an attack die" (a defending trident too: our ruling)
    return None


def mods_of(g: Game, m: Man, foe: Man, mine: str, his: str, x: Exchange) -> tuple[tuple, tuple]:
    """(attack modifiers, defence modifiers) of `m` in exchange `x`, as (name, amount) pairs."""
    kit_now = replace(m.kit, shield=m.shield)
    ka, kd, _ = modifiers(kit_now, m.posture)
    att, dfc = [("kit", ka)], [("kit", kd)]
    if mine == "back":
        oa, od = 0, 0
    else:
        oa, od = ORIENTATION[(mine, his)]
        od = od or 0  # "—": he can not hit me; the defence modifier is moot
    att.append(("orientation", oa))
    dfc.append(("orientation", od))
    if x.frenzied and m.id == x.attacker:
        att.append(("frenzied", FRENZY_ATTACK))
    if m.weapon == "trident" and x.distance == 1:
        att.append(("trident", -1))
    if m.wounds["torso"]:
        att.append(("torso", -m.wounds["torso"]))
    if m.wounds["arm"]:
        dfc.append(("arm", -m.wounds["arm"]))
    if m.netted:
        dfc.append(("netted", -1))
    b, fb = x.bonus.get(m.id, {}), x.bonus.get(foe.id, {})
    if b.get("attack"):
        att.append(("card", b["attack"]))
    if b.get("defence"):
        dfc.append(("card", b["defence"]))
    if fb.get("foe_defence"):
        dfc.append(("feint", -fb["foe_defence"]))
    return tuple(att), tuple(dfc)
