"""Continue offers only a game that is not over. A tournament's game that ended (its last answer
autosaved) is filed with the night's results at once: closing the window on the game's end (or
Quit to title) used to leave it as the game in progress, and Continue played the finished game again."""

import random
import sys

from conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))

from screens_tour import NAMES, fresh_app  # noqa: E402


def night(games: int):
    from deathmatch.rulesets.celebrity import Options
    from deathmatch.tournament import Entrant, Tournament

    return Tournament([Entrant(NAMES[i], i, "easy") for i in range(2)], games, ["maps/colosseum.tmx"],
                      options=Options(beasts=False, round_limit=1), seed=11)


def play_to_the_end(app, t):
    """A tournament game on the table, played by random answers to its end, each answer autosaved as the table does."""
    from deathmatch.rulesets.celebrity import load_default_cards
    from deathmatch.rulesets.celebrity.randomplay import random_answer
    from deathmatch.scenes.tourney import start_tournament_battle

    battle = start_tournament_battle(app, t, t.start_game(load_default_cards()))
    game, rng = battle.game, random.Random(4)
    while not game.over:
        game.apply(random_answer(game, rng, 0.7))
        battle.save_now()
    return battle


def test_a_finished_tournament_game_is_not_continued():
    from deathmatch.tournament import Tournament

    app = fresh_app()
    t = night(2)
    t.save()
    play_to_the_end(app, t)  # ... and the window is closed on the game's end
    kept = Tournament.load()
    assert kept is not None and kept.current is None and len(kept.records) == 1
    title = app.go("title")
    assert title.tournament is not None and title.tournament.current is None
    title.continue_game()  # the standings, before the next game: not the finished game again
    assert not hasattr(app.stack.top, "board_rect")


def test_the_last_game_of_a_night_ended_leaves_nothing_to_continue():
    from deathmatch import saves

    app = fresh_app()
    t = night(1)
    t.save()
    play_to_the_end(app, t)
    title = app.go("title")
    assert title.tournament is None and saves.latest_unfinished() is None and title.career is None
    assert not title.buttons[0].enabled and title.buttons[0].label.startswith("Continue")


def test_a_finished_game_kept_by_an_older_version_shows_the_standings():
    """A night file whose game in progress is over (written before the fix): Continue files it."""
    from deathmatch.core import registry
    from deathmatch.rulesets.celebrity import load_default_cards
    from deathmatch.rulesets.celebrity.randomplay import random_answer

    app = fresh_app()
    t = night(2)
    game, rng = t.start_game(load_default_cards()), random.Random(4)
    while not game.over:
        game.apply(random_answer(game, rng, 0.7))
    t.current = registry.record_of(game, registry.get(t.ruleset))
    t.save()
    title = app.go("title")
    assert title.tournament is not None and title.tournament.current is not None
    title.continue_game()
    assert not hasattr(app.stack.top, "board_rect") and len(title.tournament.records) == 1


def test_continue_names_the_game_when_more_than_one_is_installed():
    """A returning player's Continue line said "Continue: The Crater, …" without saying which of the four games it
    is; it says "Superhero Gladiators at The Crater" now (with one game installed there is nothing to tell apart)."""
    from deathmatch.scenes import router as router_module
    from deathmatch.scenes.app import App

    app = App((1024, 600))
    assert app.router.game_name("supers") == "Superhero Gladiators"
    assert app.router.game_name("nonesuch") == ""
    only = {"supers": router_module.RULESETS["supers"]}
    real = router_module.RULESETS
    router_module.RULESETS = only
    try:
        assert app.router.game_name("supers") == ""
    finally:
        router_module.RULESETS = real


def test_a_season_kept_under_its_default_name_is_not_the_season_season(tmp_path, monkeypatch):
    """The title's line read "Continue: the season Season, …" when the season kept its default name."""
    from deathmatch.rulesets.gladiator import season as S
    from deathmatch.scenes.gladiator import ledger

    class Named:
        begun = False

        def __init__(self, name):
            self.name = name

        def progress(self):
            return "3 of 7 bouts played"

    monkeypatch.setattr(S, "bout_path", lambda path: tmp_path / "no_bout.json")
    for name, said in (("Season", "Continue: Season, 3 of 7 bouts played"),
                       ("Season 2", "Continue: Season 2, 3 of 7 bouts played"),
                       ("Ostia", "Continue: the season Ostia, 3 of 7 bouts played")):
        monkeypatch.setattr(S, "to_continue", lambda name=name: (tmp_path / "s.json", Named(name)))
        assert ledger.to_continue()[2] == said


def test_starting_another_game_keeps_the_unfinished_one_in_progress():
    """One autosave: a New game (of any game), or another save loaded, replaced an unfinished game in it and
    it was gone for good (play-tested: a 35-answer Celebrity game lost to a new Skirmish). Now the game in
    progress is kept as a named save first, said in the new game's log, listed by Load and loadable; the
    same game taken up again, a finished game and a game with no answer yet are not copied."""
    from deathmatch import saves
    from deathmatch.launch import make_game
    from deathmatch.rulesets.celebrity.randomplay import random_answer

    app = fresh_app()
    game, path = make_game(4, "colosseum", 5)
    battle = app.play(game, path)
    rng = random.Random(2)
    for _ in range(12):
        game.apply(random_answer(game, rng, 0.7))
    battle.save_now()
    answers = len(saves.load_record(saves.AUTOSAVE).decisions)
    assert answers >= 12 and not game.over
    assert saves.keep_unfinished(game) is None  # (the same game: Continue, Load of its own autosave)

    other, other_path = make_game(2, "chessboard", 7, ruleset="skirmish")
    table = app.play(other, other_path)  # New game → Chessboard Skirmish
    listed = [i for i in saves.list_saves() if i.name.startswith("Unfinished, ")]
    assert len(listed) == 1 and listed[0].loadable and not listed[0].over, [i.name for i in saves.list_saves()]
    kept = listed[0]
    assert kept.ruleset == "celebrity" and game.players[0] in kept.name and kept.players == list(game.players)
    assert len(saves.load_record(kept.path).decisions) == answers  # every answer kept
    assert saves.load_game(kept.path).round == game.round
    assert any(kept.name in line and "Load" in line for line in table.log), table.log
    assert saves.load_record(saves.AUTOSAVE).ruleset == "skirmish"  # the autosave is the new game's
    assert saves.latest_unfinished().slot == saves.AUTOSAVE

    # a skirmish with no answer yet, replaced: nothing to keep; a finished game neither
    third, third_path = make_game(4, "colosseum", 9)
    app.play(third, third_path)
    assert [i.name for i in saves.list_saves() if i.name.startswith("Unfinished")] == [kept.name]
    while not third.over:
        third.apply(random_answer(third, rng, 0.7))
    app.stack.top.save_now()
    app.play(*make_game(2, "chessboard", 8, ruleset="skirmish"))
    assert [i.name for i in saves.list_saves() if i.name.startswith("Unfinished")] == [kept.name]
