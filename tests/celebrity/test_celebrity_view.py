"""Celebrity's screens read the view (issue 28, item 1): nothing a view, a question or the table's
card panel gives a viewer holds another seat's unplayed ability — neither its name nor its words —
while hidden cards are on; the public view (nobody seated) holds none at all. What the screens
added to the view (faces, ability words, seats, colours, the turn order …) matches the game."""

import os
import random

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from deathmatch.core.front import Front  # noqa: E402
from deathmatch.launch import make_game  # noqa: E402
from deathmatch.rulesets.celebrity.randomplay import random_answer  # noqa: E402


def strings(value) -> set[str]:
    """Every string anywhere in a view (keys and values, all the way down)."""
    out: set[str] = set()
    if isinstance(value, str):
        out.add(value)
    elif hasattr(value, "items"):
        for k, v in value.items():
            out |= strings(k) | strings(v)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for v in value:
            out |= strings(v)
    return out


def secrets(game, viewer) -> set[str]:
    """The names and words of the abilities `viewer` may not know: other seats' (every seat's for
    the public view), not yet played — but for words one they may read has too (two cards may share
    an ability)."""
    def words(readable: bool) -> set[str]:
        return {s for m in game.models.values() for ab in m.card.abilities
                if (m.player == viewer or ab.name in m.used) == readable for s in (ab.name, ab.text)}
    return words(False) - words(True)


def positions(seed: int, answers: int = 400, every: int = 10):
    """A hidden-cards game of 4 played at random, stopped every `every` answers (and at its end)."""
    game, path = make_game(4, "colosseum", seed=seed, round_limit=4)
    assert game.options.hidden_cards
    rng = random.Random(seed)
    for i in range(answers):
        if i % every == 0:
            yield game, path
        if game.over:
            break
        game.apply(random_answer(game, rng, 0.5))
    yield game, path


@pytest.mark.parametrize("seed", [3, 8])
def test_no_view_holds_another_seats_unplayed_ability(seed):
    checked = played = 0
    for game, _ in positions(seed):
        front = Front(game)
        for viewer in list(game.players) + [None]:
            view = front.view(viewer)
            leaked = strings(view) & secrets(game, viewer)
            assert not leaked, f"{viewer!r}'s view holds {sorted(leaked)[:3]}"
            for mid, m in view.models.items():
                model = game.models[mid]
                assert not strings(m.face) & {s for ab in model.card.abilities for s in (ab.name, ab.text)}
                for ab, shown in zip(model.card.abilities, m.card_abilities):
                    readable = model.player == viewer or ab.name in model.used
                    assert (shown is not None) == readable
                    if shown is not None:
                        assert (shown.name, shown.timing, shown.text) == (ab.name, ab.timing, ab.text)
                    played += viewer is None and ab.name in model.used
            orders = front.ask(viewer, "orders")
            assert all(game.models[row["model"]].player == viewer for row in orders)
            assert not strings(orders) & secrets(game, viewer)
            checked += 1
    assert checked >= 20 and played  # (and a played ability is everyone's to read)


def test_what_the_screens_read_matches_the_game():
    game, _ = next(p for i, p in enumerate(positions(5, every=20)) if i == 2)
    front = Front(game)
    view = front.view(None)
    assert view.players == tuple(game.players) and view.order == tuple(game.order)
    assert view.seats == tuple(p.name for p in game.setup.players)
    assert view.colours == tuple(game.setup.colours) or view.colours == tuple(range(len(view.seats)))
    assert dict(view.occupant) == dict(game.occupant)
    assert dict(view.beast_kinds) == {b.id: b.kind for b in game.beasts.values()}
    assert view.options.hidden_cards and view.over == game.over and view.can_undo == game.can_undo()
    assert view.recorded
    assert front.ask(None, "arena") is game.arena
    d = game.pending
    for o in game.legal_actions():
        assert front.ask(d.player, "needed_roll", o) == game.needed_roll(o)
        other = next(p for p in game.players if p != d.player)
        assert front.ask(other, "needed_roll", o) is None  # not theirs to ask


def test_the_card_panel_shows_only_what_the_seated_player_may_read():
    """Behind the hand-off (nobody seated) every unplayed ability is hidden; a seated player reads
    their own; at an open table (no hand-off) everyone at the screen reads every card, as before."""
    from deathmatch.scenes.app import App
    from deathmatch.scenes.celebrity.battle import BattleScene

    app = App((1280, 720))
    game, path = next(p for i, p in enumerate(positions(4, every=15)) if i == 3)
    hidden = BattleScene(app, game, path, anim_speed=60.0, handoff=True, hidden_cards=True)
    for viewer in [None] + list(game.players):
        hidden.viewer = viewer
        for mid, model in game.models.items():
            shown = hidden.card_of(mid).card_abilities
            for ab, words in zip(model.card.abilities, shown):
                assert (words is not None) == (model.player == viewer or ab.name in model.used)
    open_table = BattleScene(app, game, path, anim_speed=60.0, handoff=False, hidden_cards=False)
    open_table.viewer = game.players[0]
    assert all(all(w is not None for w in open_table.card_of(mid).card_abilities) for mid in game.models)
    assert any(w is None for m in open_table.now().models.values() for w in m.card_abilities)  # (the view itself hides)
