"""The floor as numbered cells and an activation's moves counted, not listed (docs/PERFORMANCE.md,
"Engine speed (issue 14)"): the numbered tables say what `Hex` arithmetic says, the game's
occupied bits are its occupancy map, and the counted actions are the ones a plain listing
from the rules gives, in the same order."""

import random

from deathmatch.board import Hex, hexagon, square
from deathmatch.board.arena import FloorNumbers
from deathmatch.rulesets.celebrity import Attack, Hold, Move, MoveAttack, load_default_cards
from deathmatch.rulesets.celebrity.randomplay import random_answer, random_game


def check_numbers(arena) -> None:
    fn: FloorNumbers = arena.floor_numbers
    grid = arena.grid
    assert sorted(fn.cells) == sorted(arena.floor) and len(set(fn.cells)) == len(fn.cells)
    for i, c in enumerate(fn.cells):
        assert fn.number[c] == i
        neighbours = [n for n in grid.neighbors(c) if n in arena.floor]
        assert fn.cells_of(fn.ring[i]) == sorted(neighbours)
        two = {f for n in neighbours for f in grid.neighbors(n) if f in arena.floor and grid.distance(c, f) == 2}
        assert set(fn.cells_of(fn.disc2[i])) == {c, *neighbours, *two}
        assert [fn.cells[n] for n, *_ in fn.reach[i]] == neighbours  # direction order
        for n, bit, further, further_numbers in fn.reach[i]:
            out = [f for f in grid.neighbors(fn.cells[n]) if f in arena.floor and grid.distance(c, f) == 2]
            assert bit == 1 << n and [fn.cells[f] for f in further_numbers] == out
            assert fn.cells_of(further) == sorted(out)


def test_numbered_floor_agrees_with_hex_arithmetic():
    check_numbers(hexagon(4, blocked=[(1, 0), (-2, 1)], void=[(4, -4)]))
    check_numbers(square(5, 4, blocked=[(2, 2)]))
    assert hexagon(3).floor_numbers.bits_of([Hex(0, 0), Hex(9, 9)]) == 1 << hexagon(3).floor_numbers.number[Hex(0, 0)]


def plain_listing(game, m) -> list:
    """An activation's moves, attacks and moves and attacks straight from the rules, over Hexes."""
    enemies = [t for t in game.models.values() if t.alive and t.hex is not None and t.player != m.player]
    vacant = [n for n in m.hex.neighbors() if game.is_vacant(n)]
    out = [Move(m.id, p) for p in game.move_outcomes(m, 2)]  # its breadth-first search
    out += [Attack(m.id, t.id) for t in sorted((t for t in enemies if m.hex.distance(t.hex) == 1),
                                                 key=lambda t: m.hex.direction_to(t.hex))]
    out += [MoveAttack(m.id, (n,), t.id) for n in vacant for t in enemies if n.distance(t.hex) == 1]
    return out


def test_counted_actions_are_the_listed_ones_in_order():
    library = load_default_cards()
    counted = 0
    for seed in range(8):
        game = random_game(library, 70 + seed, players=(4, 10)[seed % 2], beasts=True, obstacles=3, round_limit=8)
        rng = random.Random(seed)
        while not game.over:
            occupied = game.arena.floor_numbers.bits_of(game.occupant)
            assert game.occupied == occupied, "the occupied bits disagree with the occupancy map"
            if game.pending.kind == "action":
                m = game.models[game.pending.model]
                actions = game.legal_actions()
                listed = list(actions)
                plain = plain_listing(game, m)
                assert listed[:len(plain)] == plain
                assert type(listed[-1]) is Hold and len(actions) == len(listed)
                assert [actions[i] for i in range(len(listed))] == listed
                counted += any(len(p) == 2 and p[0] in game.loot for p in actions.paths)
            game.apply(random_answer(game, rng))
    assert counted > 20  # activations whose walks step on loot and on (the outcomes differ by path)


def test_a_copy_keeps_its_own_occupied_bits():
    game = random_game(load_default_cards(), 3, players=4, beasts=True, obstacles=0, round_limit=5)
    copy = game.copy()
    rng = random.Random(1)
    for _ in range(40):
        copy.apply(random_answer(copy, rng))
    assert game.occupied == game.arena.floor_numbers.bits_of(game.occupant)
    assert copy.occupied == copy.arena.floor_numbers.bits_of(copy.occupant) != game.occupied


def test_placement_options_are_the_places_on_every_legal_hex_in_order():
    """A placement's options are made as they are read (`Placements`): the same Places, in the
    same order, as a plain tuple from the rules, equal to it and hashed as it; the check takes
    exactly those hexes."""
    from deathmatch.rulesets.celebrity import IllegalAction, Place

    game = random_game(load_default_cards(), 11, players=4, beasts=True, obstacles=3, round_limit=3)
    rng = random.Random(2)
    placed = 0
    while game.pending.kind == "place":
        d = game.pending
        spawn = [h for h in game.arena.spawn if game.is_vacant(h)]
        hexes = spawn or sorted(h for h in game.arena.floor if h not in game.occupant)
        plain = tuple(Place(d.model, h) for h in hexes)
        options = game.legal_actions()
        assert tuple(options) == plain and d.options == plain and hash(d.options) == hash(plain)
        assert [options[i] for i in range(len(options))] == list(plain) and options[-1] == plain[-1]
        assert options[1:3] == plain[1:3] and repr(d.options) == repr(plain)
        taken = next(iter(game.occupant), None)
        if taken is not None:
            assert not game.is_legal(Place(d.model, taken, 0))
        game.apply(random_answer(game, rng))
        placed += 1
    assert placed == len(game.models) > 4
    try:
        game.apply(Place("nobody", Hex(0, 0), 0))
    except IllegalAction:
        pass
    else:
        raise AssertionError("a Place outside a placement decision was taken")
