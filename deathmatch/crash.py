"""Crash logs and the game's log file, for a game started by double-click (no terminal).

`write_crash_log` writes one text file per crash, with everything a bug report
needs; `install_logging` sends the `logging` module to a rotating
``<user data>/logs/deathmatch.log``. Pure Python: no pygame.
"""

from __future__ import annotations

import errno
import logging
import logging.handlers
import os
import platform
import sys
import tempfile
import traceback
from datetime import datetime, timezone
from pathlib import Path

from .paths import APP_NAME

LOG_NAME = "deathmatch.log"
LOG_MAX_BYTES = 1_000_000
LOG_BACKUPS = 3
_HANDLER_MARK = "_deathmatch_log_handler"
"""Attribute set on the handler `install_logging` adds, so installing again replaces it."""

log = logging.getLogger("deathmatch")


def logs_dir() -> Path:
    """``<user data>/logs``, made if missing; OSError if it can not be (a file in its place, a link
    out of the user folder)."""
    from .paths import user_folder
    from .safefile import Refused, as_oserror

    try:
        return user_folder("logs")
    except Refused as e:
        raise as_oserror(e) from None


class _LogHandler(logging.handlers.RotatingFileHandler):
    """The rotating log that never writes through a link: the log file is opened with
    `safefile.open_append` (a link in its place, or a folder leading out of `folder`, is
    refused). Rotation only renames and removes names in the logs folder, which moves a link
    rather than what it points to. Should the file turn into a link later, logging goes
    nowhere rather than through it."""

    def __init__(self, path: Path, folder: Path):
        self._folder = folder
        self._opened = False
        super().__init__(path, maxBytes=LOG_MAX_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8")
        self._opened = True

    def _open(self):
        from .safefile import Refused, as_oserror, open_append

        try:
            return open_append(self.baseFilename, self._folder)
        except Refused as e:
            if not self._opened:
                raise as_oserror(e) from None
            return open(os.devnull, "a", encoding="utf-8")


def _fallback_dir() -> Path:
    folder = Path(tempfile.gettempdir()) / f"{APP_NAME}-logs"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _safe(fn, default: str = "?") -> str:
    try:
        return str(fn())
    except BaseException:  # a report is written whatever breaks while gathering it
        return default


def _game_version() -> str:
    from . import __version__

    return __version__


def crash_report(exc: BaseException, context: str = "") -> str:
    """The text of a crash log (never raises)."""
    try:
        tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    except BaseException:
        tb = f"{_safe(lambda: type(exc).__name__)}: {_safe(lambda: exc)}\n(the traceback could not be formatted)\n"
    lines = [
        "Deathmatch crash report",
        "=======================",
        "",
        "Something went wrong and the game had to stop. If you report it, attach this file.",
        "",
        f"Time:          {_safe(lambda: datetime.now(timezone.utc).isoformat(timespec='seconds'))}",
        f"Game version:  {_safe(_game_version)}",
        f"Python:        {_safe(lambda: sys.version.replace(chr(10), ' '))} ({_safe(sys.executable)})",
        f"Platform:      {_safe(platform.platform)}",
        f"Machine:       {_safe(platform.machine)}",
        f"Command:       {_safe(lambda: ' '.join(sys.argv))}",
        f"Error:         {_safe(lambda: type(exc).__name__)}: {_safe(lambda: exc)}",
        "",
        "Context:",
        _safe(lambda: context) or "(none given)",
        "",
        "Traceback:",
        tb,
    ]
    return "\n".join(lines)


def write_crash_log(exc: BaseException, context: str = "") -> Path:
    """Write a timestamped crash log (traceback, versions, platform, `context`); returns its path.

    Never raises: if the logs folder can not be written it falls back to the
    temp folder; if even that fails, the returned path is where it would have gone.
    """
    try:
        stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S-%f")
    except BaseException:
        stamp = "unknown-time"
    name = f"crash-{stamp}.txt"
    text = crash_report(exc, context)
    target = None
    for folder_fn in (logs_dir, _fallback_dir):
        try:
            folder = folder_fn()
            target = folder / name
            n = 1
            while target.exists():  # two crashes in the same microsecond: keep both
                target = folder / f"crash-{stamp}-{n}.txt"
                n += 1
            fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
            with os.fdopen(fd, "w", encoding="utf-8", errors="replace") as f:  # a new file: never a link's target
                f.write(text)
            break
        except BaseException:
            target = None
            continue
    if target is None:
        target = Path(tempfile.gettempdir()) / name
    try:
        log.error("crash log written to %s (%s: %s)", target, type(exc).__name__, exc)
    except BaseException:
        pass
    return target


def install_logging(level: int = logging.INFO) -> Path:
    """Log to a rotating ``<user data>/logs/deathmatch.log`` (no console handler); returns its path.

    Installing again (e.g. after the user folder changed) replaces the
    previous handler rather than adding a second one. Warnings from the
    `warnings` module are logged too. Falls back to the temp folder if the
    logs folder can not be written.
    """
    fmt = logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    handler = None
    path = None
    refused = []
    for folder_fn in (logs_dir, _fallback_dir):
        try:
            folder = folder_fn()
            path = folder / LOG_NAME
            handler = _LogHandler(path, folder)
            break
        except OSError as e:
            handler = None
            refused.append(e.strerror if e.errno == errno.EPERM and e.strerror else None)
    for why in filter(None, refused):  # a linked log: said, not written through
        said = f"{why}. The log goes to {path} instead." if handler is not None else f"{why}. No log is kept."
        try:
            print(f"deathmatch: {said}", file=sys.stderr)
        except Exception:
            pass
        from .paths import _said

        _said(said)
    root = logging.getLogger()
    for old in [h for h in root.handlers if getattr(h, _HANDLER_MARK, False)]:
        root.removeHandler(old)
        try:
            old.close()
        except Exception:
            pass
    if handler is None:
        return path if path is not None else Path(tempfile.gettempdir()) / LOG_NAME
    setattr(handler, _HANDLER_MARK, True)
    handler.setFormatter(fmt)
    root.addHandler(handler)
    root.setLevel(level)
    logging.captureWarnings(True)
    log.info("Deathmatch %s started (Python %s, %s, pid %d)", _game_version(), platform.python_version(),
             platform.platform(), os.getpid())
    return path
