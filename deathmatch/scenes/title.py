"""The title screen: Continue, New game, Load, Rules, Settings, Quit."""

from __future__ import annotations

import pygame

from ..client import sprites
from ..client.ui import DIM, INK, draw_label, fit_text_block, fits, text
from ..core.front import Front
from .menu import MenuScene


class TitleScene(MenuScene):
    title = "DEATHMATCH"

    def layout(self) -> None:
        from .. import saves

        s = self.s
        self.continue_info = saves.latest_unfinished()
        self.tournament, why = _unfinished_tournament()
        self.career = self.app.router.career_to_continue()
        """(ruleset, file, when saved, words) of the newest unfinished career (a Gladiator! season), or None."""
        if why:  # said, not swallowed: a tournament that will not open is not silently gone
            self.message = f"The tournament in progress can not be opened: {why}"
        for said in (_folder_problems(self.app), _settings_problems(self.app), _content_problems(self.app),
                     _setup_problems(self.app), _phones_problem(self.app)):
            if said:
                self.message = f"{self.message}  {said}".strip()
        entries = [
            ("Continue", self.continue_game,
             self.continue_info is not None or self.tournament is not None or self.career is not None, pygame.K_c),
            ("New game", self.new_game, True, pygame.K_n),
            ("Tournament", self.tournament_night, True, pygame.K_t),
            ("Load", self.load, True, pygame.K_l),
            ("Rules", self.rules, True, pygame.K_r),
            ("Settings", self.settings, True, pygame.K_s),
            ("Quit", self.app.quit, True, pygame.K_q),
        ]
        self.buttons = self.column(entries, int(self.app.size[1] * 0.36))
        self.focus = 0 if self.continue_info or self.career else 1

    def tournament_night(self) -> None:
        """The night in progress's standings; else a new night's setup, first a choice of game once
        more than one ruleset plays its nights on screen."""
        if self.tournament is not None:
            self.open_standings(self.tournament)
            return
        rulesets = self.app.router.tournament_rulesets
        if len(rulesets) > 1:
            self.app.open("choose game", "tournament setup")
        else:
            self.app.router.ruleset = rulesets[0].id if rulesets else self.app.router.default
            self.app.open("tournament setup")

    def open_standings(self, t) -> None:
        """The night's standings; a night whose games will not replay is set aside and said, not a crash."""
        from ..core.errors import RecordError

        try:
            self.app.router.ruleset = t.ruleset  # the night's game: its library, its words, its table
            self.app.open("tournament", t)
        except Exception as e:  # its games are replayed for the standings: a hand-edited one may not
            reason = str(e) if isinstance(e, RecordError) else f"a game does not replay ({type(e).__name__}: {e})"
            if not isinstance(e, RecordError):  # the whole story for a bug report
                import logging

                logging.getLogger("deathmatch").warning("the tournament's standings failed", exc_info=True)
            why = _set_aside(_tournament_path(), f"{_tournament_path().name}: {reason}")
            self.layout()
            self.message = f"The tournament in progress can not be opened: {why}"

    def career_is_newest(self) -> bool:
        """Whether Continue goes on with the career (newer than the autosave and the tournament)."""
        if self.career is None:
            return False
        when = self.career[2]
        for path in ([self.continue_info.path] if self.continue_info is not None else []) + \
                ([_tournament_path()] if self.tournament is not None else []):
            try:
                if path.stat().st_mtime > when:
                    return False
            except OSError:
                pass
        return True

    def continue_game(self) -> None:
        from .. import saves
        from ..core.errors import RecordError

        if self.career_is_newest():
            ruleset, path = self.career[0], self.career[1]
            try:
                self.app.router.ruleset = ruleset
                self.app.open("season", path, resume=True)  # a bout left on the table is taken up at once
            except RecordError as e:
                self.message = f"That season can not be continued: {e}"
            return
        t = self.tournament
        if t is not None and (self.continue_info is None or _tournament_is_newer(self.continue_info)):
            if t.current is not None:
                try:
                    game = t.resume_game()
                except RecordError as e:
                    self.message = f"The tournament's game can not be resumed: {e}"
                    return
                if not Front(game).over:
                    self.app.play(game, tournament=t)
                    return
                # a night kept by an older version with its game over but not filed: file it, show the standings
                t.finish_game(game)
                try:
                    t.save()
                except OSError:
                    pass
            self.open_standings(t)
            return
        try:
            game = saves.load_game(self.continue_info.path)
        except RecordError as e:
            self.message = f"That save can not be continued: {e}"
            return
        why = self.app.router.unavailable(getattr(game, "ruleset_id", None))
        if why:  # a game of a ruleset this client has no table for
            self.message = f"That save can not be continued: {why}"
            return
        self.app.play(game)

    def new_game(self) -> None:
        """The setup of a new game; first a choice of game once there is more than one ruleset."""
        if len(self.app.router.rulesets) > 1:
            self.app.open("choose game")
        else:
            self.app.open("setup")

    def load(self) -> None:
        self.app.open("load")

    def rules(self) -> None:
        self.app.open("rules")

    def settings(self) -> None:
        self.app.open("settings")

    def back(self) -> None:
        self.app.quit()

    def draw(self, surface) -> None:
        s = self.s
        self.draw_backdrop(surface)
        w, h = surface.get_size()
        self.draw_title(surface, "DEATHMATCH", int(h * 0.07), 96)
        sub = text(self.subtitle(), int(26 * s), INK)
        surface.blit(sub, sub.get_rect(midtop=(w // 2, int(h * 0.07 + 100 * s))))
        self.draw_champions(surface, int(h * 0.07 + 140 * s))
        self.draw_buttons(surface)
        if self.continue_info is not None:
            c = self.continue_info
            line = pygame.Rect(0, self.buttons[-1].rect.bottom + int(12 * s), int(w * 0.9), int(24 * s))
            line.centerx = w // 2
            game = self.app.router.game_name(c.ruleset)  # which of the games it is (a returning player asked)
            where = f"{game} at {c.arena}" if game else c.arena
            when = self.app.router.round_words(c.round, c.ruleset)
            words = f"Continue: {where}, {', '.join(c.players)}, {when}"
            if not fits(words, int(18 * s), line.w, min_size=int(15 * s)):
                words = f"Continue: {where}, {len(c.players)} players, {when}"  # too many names for one line
            if not fits(words, int(18 * s), line.w, min_size=int(15 * s)):
                words = f"Continue: {c.arena}, {len(c.players)} players, {when}"
            if self.tournament is not None and _tournament_is_newer(c):
                t, done = self.tournament, len(self.tournament.records)
                words = (f"Continue: the tournament, game {done + 1} of {t.games} under way" if t.current
                         else f"Continue: the tournament, {done} of {t.games} games played")  # not "after game 0"
            if self.career_is_newest():
                words = self.career[3]
            draw_label(surface, words, line, int(18 * s), DIM, align="center")
            if self.career is not None and not self.career_is_newest():  # an older season: where it is found
                line = line.move(0, int(24 * s))
                other = self.career[3].removeprefix("Continue: ")
                draw_label(surface, f"Also waiting: {other} — Load (L) takes it up", line, int(16 * s), DIM, align="center")
        elif self.career is not None and self.career_is_newest():
            line = pygame.Rect(0, self.buttons[-1].rect.bottom + int(12 * s), int(w * 0.9), int(24 * s))
            line.centerx = w // 2
            draw_label(surface, self.career[3], line, int(18 * s), DIM, align="center")
        if self.message:  # wrapped: a reason names a file and what to do, more than one line holds
            below = self.continue_info is not None and self.career is not None and not self.career_is_newest()
            top = self.buttons[-1].rect.bottom + int((68 if below else 44) * s)
            box = pygame.Rect(int(w * 0.05), top, int(w * 0.9), max(int(20 * s), h - top - int(6 * s)))
            fit_text_block(surface, self.message, box, int(22 * s), (255, 170, 110), min_size=10, line_gap=0)

    def subtitle(self) -> str:
        """The family's line: the one game's name while there is one, else how many games there are."""
        n = len(self.app.router.rulesets)
        if n <= 1:
            return "Semi-Historical Celebrity Deathmatch — there is glory in death"
        count = {2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six"}.get(n, str(n))
        return f"{count} arena games for friends around one screen — there is glory in death"

    def draw_champions(self, surface, y) -> None:
        """A row of the celebrities' portraits: the cast of tonight's show."""
        s = self.s
        lib = self.app.library_for(self.app.router.default)  # the cast, whichever game was played last
        cards = sorted(lib.cards.values(), key=lambda c: c.id)[:10]
        size = int(58 * s)
        gap = int(10 * s)
        x = surface.get_width() // 2 - (len(cards) * (size + gap) - gap) // 2
        for c in cards:
            surface.blit(sprites.portrait(c, (size, size)), (x, y))
            x += size + gap


def _tournament_path():
    from ..saves import TOURNAMENT_FILE, saves_dir

    return saves_dir() / TOURNAMENT_FILE


def _unfinished_tournament():
    """(the tournament in progress or None, why it can not be opened or "").

    A file that can not be opened is set aside (`saves.set_aside`): the game starts, a new
    night does not overwrite it, and the reason says where it went."""
    import os

    from ..core.errors import RecordError
    from ..tournament import Tournament

    path = _tournament_path()
    if not os.path.lexists(path):
        return None, ""
    try:
        t = Tournament.load(path)
        return (None if t.over else t), ""
    except RecordError as e:
        why = str(e)
    except Exception as e:  # whatever the file holds, the title screen comes up
        why = f"{path.name} can not be read ({type(e).__name__}: {e})"
    return None, _set_aside(path, why)


def _set_aside(path, why: str) -> str:
    """Move a tournament file that will not open out of the way, log it, and say where it went."""
    import logging

    from ..saves import set_aside

    try:
        moved = set_aside(path)
    except OSError as e:
        said = f"{why}. It could not be set aside ({e.strerror or e}): move {path} out of the saves folder."
    else:
        said = (f"{why}. The file was set aside as {moved.name} in {moved.parent} (nothing is deleted); "
                "Tournament starts a new night.")
    logging.getLogger("deathmatch").warning("The tournament in progress can not be opened: %s", said)
    return said


def _folder_problems(app) -> str:
    """The user folders the game could not make or write (a file in a folder's place, a link out
    of the user folder: `paths.FOLDER_PROBLEMS`), and a saves folder that can not hold saves,
    said (and logged) on the first title screen only."""
    import logging

    from .. import saves
    from ..paths import folder_problems

    if getattr(app, "folder_problems_said", False):
        problems = [f"{p}." for p in saves.write_problems().values()]  # (logged when they happened)
        return " ".join(problems[:3])
    app.folder_problems_said = True
    problems = folder_problems()
    try:
        saves_why = saves.folder_problem()
    except Exception:
        saves_why = None
    if saves_why and not any(saves_why.split(" ", 1)[0] in p for p in problems):
        problems.append(f"{saves_why}.")
    for p in problems:
        logging.getLogger("deathmatch").warning("%s", p)
    problems += [f"{p}." for p in saves.write_problems().values()]  # (said until a later write succeeds)
    if not problems:
        return ""
    return " ".join(problems[:3]) + (f" And {len(problems) - 3} more (see the log)." if len(problems) > 3 else "")


def _phones_problem(app) -> str:
    """What went wrong with the phones' kept codes (`App.phones_problem`: a broken phones.json, a full disk),
    said once; the file is looked at on the first title screen, before a Continue would take it up."""
    if not getattr(app, "phones_checked", False):
        app.phones_checked = True
        from ..paths import user_data_dir
        from ..phones import kept

        app.note_phones_problem(kept.read(user_data_dir())[1])
    why, app.phones_problem = getattr(app, "phones_problem", None), None
    return f"{why}." if why else ""


def _settings_problems(app) -> str:
    """What was wrong in settings.json, said (and logged) on the first title screen only."""
    import logging

    problems = list(getattr(app, "settings_problems", None) or [])
    if not problems or getattr(app, "settings_problems_said", False):
        return ""
    app.settings_problems_said = True
    for p in problems:
        logging.getLogger("deathmatch").warning("%s", p)
    from ..settings import settings_path

    shown = "; ".join(problems[:3]) + (f"; and {len(problems) - 3} more (see the log)" if len(problems) > 3 else "")
    return (f"{shown}. The game goes on with those defaults; {settings_path()} is rewritten when "
            "the settings are next saved (New game, Settings).")


def _setup_problems(app) -> str:
    """What the first start could not put in the player's folder (a full disk: `paths.SETUP_PROBLEMS`),
    said on the first title screen only; the game goes on without it."""
    from ..paths import SETUP_PROBLEMS

    if not SETUP_PROBLEMS or getattr(app, "setup_problems_said", False):
        return ""
    app.setup_problems_said = True
    first = SETUP_PROBLEMS[0]
    more = f" (and {len(SETUP_PROBLEMS) - 1} more like it)" if len(SETUP_PROBLEMS) > 1 else ""
    return f"The game {first[:1].lower()}{first[1:]}{more}."


def _content_problems(app) -> str:
    """The player's own files (character cards, …) that were skipped because they are broken,
    said (and logged) on the first title screen only: a windowed game has no terminal, and a
    card that silently never shows up is a mystery to whoever wrote it."""
    import logging

    if getattr(app, "content_problems_said", False):
        return ""
    app.content_problems_said = True
    try:
        found = list(getattr(app.library, "problems", ()))
    except Exception:  # the library's own loader reports its files; the title must come up
        logging.getLogger("deathmatch").warning("loading the cards failed", exc_info=True)
        return "The character cards could not be loaded (see the log)."
    if not found:
        return ""
    for p in found:
        logging.getLogger("deathmatch").warning("skipped: %s", p)
    problems = [_short(p) for p in found]
    files = sorted({getattr(p, "file", "") for p in found} - {""})
    shown = "; ".join(problems[:2]) + (f"; and {len(problems) - 2} more" if len(problems) > 2 else "")
    return (f"{len(files) or len(problems)} card file{'s' if len(files) != 1 else ''} skipped: {shown}. "
            "Fix them, or see every problem with: deathmatch-cli check-cards")


def _short(problem) -> str:
    """A problem with its file's name only (the folder is the player's cards folder)."""
    from pathlib import Path

    file, line = getattr(problem, "file", ""), getattr(problem, "line", None)
    if not file:
        return str(problem)
    where = Path(file).name + (f":{line}" if line else "")
    field = getattr(problem, "field", "")
    return f"{where}: {field + ': ' if field else ''}{getattr(problem, 'message', '')}"


def _tournament_is_newer(save_info) -> bool:
    try:
        return _tournament_path().stat().st_mtime >= save_info.path.stat().st_mtime
    except OSError:
        return True
