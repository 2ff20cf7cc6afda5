"""Gladiator!'s data model (docs/rules/GLADIATOR.md §2, §3, §10): the tables the game reads."""

from deathmatch.rulesets.gladiator.model import (CARD_KINDS, ORIENTATION, TYPES, Card, Gladiator, Kit,
                                                 ap_modifier, modifiers)


def test_every_bundled_type_is_legal_and_has_its_kit():
    for t in TYPES:
        assert Gladiator(t, t.title(), t).problems() == []
    assert Gladiator("x", "X", "retiarius").kit() == Kit("unarmoured", "none", "trident", net=True)
    assert Gladiator("x", "X", "lion").kit().beast


def test_a_gladiator_may_name_his_own_kit_and_a_wrong_one_is_explained():
    g = Gladiator("x", "Varro", "secutor", shield="medium")
    assert g.kit().shield == "medium" and g.kit().armour == "armoured"
    bad = Gladiator("x", "Varro", "samurai", weapon="katana", bonus_ap=2)
    problems = bad.problems()
    assert any("type 'samurai'" in p for p in problems)
    assert any("weapon 'katana'" in p for p in problems)
    assert any("bonus_ap" in p for p in problems)


def test_modifiers_add_armour_shield_and_posture():
    # Secutor: armoured (0, +1, -1) + large shield (-1, +1, -1) + attack posture (+1, -1, +1)
    assert modifiers(TYPES["secutor"], "attack") == (0, 1, -1)
    # Retiarius: unarmoured (0, -1, +1) + no shield (0, -1, +1) + defend (-1, +1, 0)
    assert modifiers(TYPES["retiarius"], "defend") == (-1, -1, 2)
    assert ap_modifier(TYPES["thracian"], "balanced") == -1


def test_orientation_table_is_the_specs():
    assert ORIENTATION["face", "back"] == (2, 0)
    assert ORIENTATION["weapon", "back"] == (2, None)
    assert ORIENTATION["shield", "face"] == (-1, 1)
    assert len(ORIENTATION) == 12


def test_cards_check_their_kind_and_amount():
    assert Card("dodge", "Dodge", "dodge").problems() == []
    assert Card("f", "Fury", "fury", 2).problems() == []
    assert "amount from 1 to 2" in Card("f", "Fury", "fury", 3).problems()[0]
    assert "takes no amount" in Card("d", "Dodge", "dodge", 1).problems()[0]
    assert "not one of" in Card("z", "Zap", "zap").problems()[0]
    assert len(CARD_KINDS) >= 12
