"""The one gate every file the game reads or writes goes through.

Files come from anybody: a card from a friend, a map from a download, a save edited by hand,
a folder that a link turned into `/etc`. Before a byte is parsed, `read_bytes` makes sure the
file is

- **inside its folder** once links are resolved (a link that leads out of a content folder is
  never followed: not opened, not read), and not a link to itself;
- **a regular file** (a pipe would keep the reader waiting forever, `/dev/zero` never ends);
  it is opened without blocking and checked on the open descriptor, so a file swapped after the
  check is caught too;
- **no bigger than its kind allows** (a card is a few kB; a 3 GB sparse `settings.json` is not
  read at all), and reads stop one byte past that limit whatever the size said.

`read_text` adds UTF-8 with the line of a bad byte; `loads_json` refuses numbers too long to
convert, `NaN`/`Infinity`, and nesting deeper than its kind needs, as a message rather than a
`ValueError` or a `RecursionError`. `list_files` lists a content folder without ever raising,
telling what it skipped (a link out, a dangling link, a pipe, a folder where a file should be).
`write_atomic` and `open_append` write without following a link out of the folder, and a full
disk leaves the earlier file whole and says "the disk is full".

Every refusal is a `Refused` (a ValueError) whose `reason` a player can act on; callers add the
file's name. Standard library only: the board and every ruleset may use it.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from pathlib import Path
from typing import Any, Iterable

MAX_INT_DIGITS = 40
"""The longest whole number any file of the game may hold (a seed is at most 20 digits)."""
MAX_JSON_DEPTH = 64
"""The deepest nesting of lists and objects in a JSON file (a save needs six levels)."""

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_BINARY = getattr(os, "O_BINARY", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


class Refused(ValueError):
    """A file the game will not read or write: `reason` says why and what to do (without the
    file's name, which `str()` puts in front)."""

    def __init__(self, path: Any, reason: str, line: int | None = None, kind: str = "read", size: int | None = None):
        self.path, self.reason, self.line, self.kind, self.size = str(path), reason, line, kind, size
        """`kind`: "missing", "link" (out of the folder, dangling, looping), "odd" (a folder, a
        pipe, a device), "size" (`size` is the file's), "text" (not UTF-8, a NUL), "data"
        (numbers, nesting, syntax), "read" (the system refused), "write"."""
        where = f"{self.path}:{line}" if line else self.path
        super().__init__(f"{where}: {reason}")


class DiskFull(Refused):
    """Writing failed because the disk (or the user's quota) is full; the earlier file is kept."""


def size_words(n: int) -> str:
    """A byte count as a player reads it (`512 KB`, `16 MB`)."""
    if n >= 1_000_000:
        return f"{n / 1_000_000:.0f} MB"
    return f"{max(1, n // 1024)} KB"


def inside(path: Any, folder: Any) -> bool:
    """True if `path`, all links resolved, lies in `folder` (also resolved)."""
    try:
        real = Path(os.path.realpath(path))
        home = Path(os.path.realpath(folder))
    except (OSError, ValueError, RuntimeError):
        return False
    return real == home or home in real.parents


def problem(path: Any, max_bytes: int, folder: Any = None) -> str | None:
    """Why `path` is not a file the game may read (None if it may), without opening it: the same
    checks as `read_bytes` on what `stat` says."""
    try:
        st = _checked_stat(path, folder)
    except Refused as e:
        return e.reason
    if st.st_size > max_bytes:
        return _too_big(st.st_size, max_bytes)
    return None


def _too_big(size: int, max_bytes: int) -> str:
    return (f"the file is {size_words(size)}, more than the {size_words(max_bytes)} a file of this kind may be: "
            "this is not a file of the game, or it is damaged; remove it")


def _checked_stat(path: Any, folder: Any) -> os.stat_result:
    """lstat-level checks (link out of the folder, link loop, missing, not regular): the stat of
    the file itself, or Refused."""
    try:
        lst = os.lstat(path)
    except FileNotFoundError:
        raise Refused(path, "is missing", kind="missing") from None
    except OSError as e:
        raise Refused(path, f"can not be read ({e.strerror or e})") from None
    if stat.S_ISLNK(lst.st_mode):
        try:
            st = os.stat(path)
        except OSError as e:
            if e.errno == errno.ELOOP:
                raise Refused(path, "is a link that leads back to itself: delete it", kind="link") from None
            raise Refused(path, "is a link to a file that is not there: delete the link, or copy the file "
                                "itself here", kind="link") from None
        if folder is not None and not inside(path, folder):
            raise Refused(path, f"is a link to {Path(path).resolve()}, outside its folder: copy the file itself "
                                "into the folder", kind="link") from None
    else:
        st = lst
        if folder is not None and not inside(path, folder):
            raise Refused(path, f"lies outside its folder {folder} (through a link): copy the file itself into "
                                "the folder", kind="link")
    if stat.S_ISDIR(st.st_mode):
        raise Refused(path, "is a folder, not a file", kind="odd")
    if not stat.S_ISREG(st.st_mode):
        raise Refused(path, "is not a regular file (a pipe or a device)", kind="odd")
    return st


def read_bytes(path: Any, max_bytes: int, folder: Any = None) -> bytes:
    """The bytes of `path`, at most `max_bytes`, or Refused (see the module's docstring).

    `folder`, if given, is the folder the file must stay inside once links are resolved."""
    _checked_stat(path, folder)
    real = os.path.realpath(path)
    try:
        fd = os.open(real, os.O_RDONLY | _NONBLOCK | _NOFOLLOW | _BINARY | _CLOEXEC)
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise Refused(path, "changed into a link while it was being read: try again") from None
        raise Refused(path, f"can not be read ({e.strerror or e})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise Refused(path, "is not a regular file (a pipe or a device)", kind="odd")
        if st.st_size > max_bytes:
            raise Refused(path, _too_big(st.st_size, max_bytes), kind="size", size=st.st_size)
        chunks, total = [], 0
        while total <= max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > max_bytes:
            raise Refused(path, _too_big(total, max_bytes), kind="size", size=total)
        return b"".join(chunks)
    except OSError as e:
        raise Refused(path, f"can not be read ({e.strerror or e})") from None
    finally:
        os.close(fd)


def decode(raw: bytes, path: Any) -> str:
    """UTF-8 text (a byte-order mark allowed), or Refused naming the line of the first bad byte.
    A NUL byte is refused too: no text file of the game holds one."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise Refused(path, f"is not UTF-8 text (a byte the editor could not have written, 0x{raw[e.start]:02x}): "
                            "save it as UTF-8 text", line, kind="text") from None
    nul = text.find("\0")
    if nul >= 0:
        raise Refused(path, "holds a NUL byte, which no text file of the game has: it is damaged or not a file "
                            "of the game; save it again as plain UTF-8 text", text.count("\n", 0, nul) + 1, kind="text")
    return text


def read_text(path: Any, max_bytes: int, folder: Any = None) -> str:
    """`read_bytes` decoded by `decode`."""
    return decode(read_bytes(path, max_bytes, folder), path)


def _whole(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise _Value(f"a number of {digits} digits; the longest the game writes has 20")
    return int(text)


def _constant(name: str) -> Any:
    raise _Value(f"{name} is not a number the game writes")


class _Value(ValueError):
    pass


def loads_json(text: str | bytes, path: Any = "<text>", max_depth: int = MAX_JSON_DEPTH) -> Any:
    """JSON parsed with the game's limits: no number longer than MAX_INT_DIGITS digits, no
    NaN or Infinity, nesting at most `max_depth` deep; anything else is Refused with the line."""
    if isinstance(text, bytes):
        text = decode(text, path)
    try:
        data = json.loads(text, parse_int=_whole, parse_constant=_constant)
    except _Value as e:
        raise Refused(path, f"holds {e}: it is damaged or not a file of the game") from None
    except json.JSONDecodeError as e:
        raise Refused(path, f"is not valid JSON ({e.msg} at column {e.colno}): it is damaged; "
                            "if you edited it, undo the edit", e.lineno) from None
    except RecursionError:
        raise Refused(path, f"is nested deeper than any file of the game ({max_depth} levels): it is damaged "
                            "or not a file of the game") from None
    if depth_over(data, max_depth):
        raise Refused(path, f"is nested deeper than any file of the game ({max_depth} levels): it is damaged "
                            "or not a file of the game")
    return data


def depth_over(data: Any, max_depth: int) -> bool:
    """True if `data` (parsed JSON or YAML) nests lists and mappings deeper than `max_depth`;
    walks without recursion."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children: Iterable = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth > max_depth:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return False


def read_json(path: Any, max_bytes: int, folder: Any = None, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """A JSON file through the whole gate: `read_bytes`, `decode`, `loads_json`."""
    return loads_json(read_text(path, max_bytes, folder), path, max_depth)


def folder_problem(folder: Any) -> str | None:
    """Why `folder` can not be listed (None if it can, or if it is simply not there yet)."""
    try:
        st = os.stat(folder)
    except FileNotFoundError:
        return None
    except OSError as e:
        if e.errno == errno.ELOOP:
            return "is a link that leads back to itself: delete it"
        if os.path.islink(folder):
            return "is a link to a folder that is not there: delete the link"
        return f"can not be read ({e.strerror or e})"
    if not stat.S_ISDIR(st.st_mode):
        return "is a file, not a folder: move the file away (the game makes the folder again)"
    return None


def printable(path: Any) -> str:
    """A path as text that can be printed and drawn (a name that is not UTF-8 shows "?" in place)."""
    return os.fsdecode(path).encode("utf-8", "replace").decode("utf-8").replace("\0", "?")


def entries(folder: Any, suffixes: Iterable[str], max_files: int = 10_000,
            hidden: bool = False, any_name: bool = False) -> tuple[list[Path], list[Refused]]:
    """The names in `folder` ending in one of `suffixes` (any case), sorted, as paths, without
    looking at what each is (the reader does: `read_bytes` with this folder); and the Refused for a
    folder that can not be listed or a name that is not UTF-8 (listed after all with `any_name`).
    Never raises."""
    suffixes = tuple(s.lower() for s in suffixes)
    why = folder_problem(folder)
    if why is not None:
        return [], [Refused(folder, why, kind="odd")]
    found: list[Path] = []
    skipped: list[Refused] = []
    try:
        with os.scandir(folder) as listing:
            for count, entry in enumerate(listing):
                name = entry.name
                if not name.lower().endswith(suffixes) or (name.startswith(".") and not hidden):
                    continue
                try:
                    name.encode("utf-8")
                except UnicodeEncodeError:
                    if not any_name:  # (`any_name`: the caller shows such a name with `printable` itself)
                        skipped.append(Refused(printable(Path(folder) / name), "has a name that is not UTF-8 "
                                                                               "text: rename it", kind="odd"))
                        continue
                found.append(Path(folder) / name)
                if len(found) >= max_files:
                    skipped.append(Refused(folder, f"holds more than {max_files} such files; only the first "
                                                   f"{max_files} were read", kind="odd"))
                    break
    except OSError as e:
        skipped.append(Refused(folder, f"can not be read ({e.strerror or e})"))
    return sorted(found), skipped


def list_files(folder: Any, suffixes: Iterable[str], max_files: int = 10_000,
               hidden: bool = False) -> tuple[list[Path], list[Refused]]:
    """The regular files of `folder` whose name ends in one of `suffixes` (any case), sorted,
    and what was skipped, each a Refused with its reason: a link out of the folder, a dangling or
    looping link, a pipe or device, a folder with a file's name, a name that is not text. Never
    raises: a folder that is missing lists nothing; one that is a file or unreadable is one
    Refused. Names starting with "." are skipped unless `hidden`. At most `max_files` are
    listed (a folder of a million files is not a content folder)."""
    suffixes = tuple(s.lower() for s in suffixes)
    why = folder_problem(folder)
    if why is not None:
        return [], [Refused(folder, why)]
    files: list[Path] = []
    skipped: list[Refused] = []
    try:
        with os.scandir(folder) as entries:
            for count, entry in enumerate(entries):
                if count >= max_files * 4:
                    skipped.append(Refused(folder, f"holds more than {max_files} files; only the first were read"))
                    break
                name = entry.name
                if not name.lower().endswith(suffixes) or (name.startswith(".") and not hidden):
                    continue
                path = Path(folder) / name
                try:
                    name.encode("utf-8")
                except UnicodeEncodeError:
                    skipped.append(Refused(printable(path), "has a name that is not UTF-8 text: rename it", kind="odd"))
                    continue
                try:
                    _checked_stat(path, folder)
                except Refused as e:
                    skipped.append(e)
                    continue
                files.append(path)
                if len(files) >= max_files:
                    skipped.append(Refused(folder, f"holds more than {max_files} such files; only the first "
                                                   f"{max_files} were read"))
                    break
    except OSError as e:
        return sorted(files), skipped + [Refused(folder, f"can not be read ({e.strerror or e})")]
    return sorted(files), skipped


def _writable(path: Path, folder: Any) -> None:
    """Refused if writing `path` would write through a link or outside `folder`."""
    if os.path.islink(path):
        raise Refused(path, "is a link; the game does not write through links: delete the link")
    parent = path.parent
    if folder is not None and not inside(parent, folder):
        raise Refused(path, f"its folder leads outside {folder} (a link); the game does not write there: "
                            "delete the link")
    if os.path.lexists(path) and not os.path.isfile(path):
        raise Refused(path, "is in the way: it is a folder or a special file where the game keeps a file; move it away")


def _full(e: OSError) -> bool:
    return e.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC), errno.EFBIG)


def write_atomic(path: Any, data: bytes | str, folder: Any = None, *, fsync: bool = True) -> None:
    """Write `data` to `path` whole or not at all: a temporary file beside it, flushed to disk,
    then renamed over it. A link at `path`, or a folder leading out of `folder`, is Refused; a full
    disk is DiskFull and leaves the earlier file as it was; other failures are Refused."""
    path = Path(path)
    _writable(path, folder)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _BINARY | _CLOEXEC, 0o644)
    except FileExistsError:
        try:
            os.unlink(temp)
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _BINARY | _CLOEXEC, 0o644)
        except OSError as e:
            raise _write_error(path, e) from None
    except OSError as e:
        raise _write_error(path, e) from None
    try:
        try:
            view = memoryview(raw)
            while view:
                view = view[os.write(fd, view):]
            if fsync:
                os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, path)
    except OSError as e:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise _write_error(path, e) from None


def _write_error(path: Any, e: OSError) -> Refused:
    if _full(e):
        return DiskFull(path, "could not be written: the disk is full. The earlier file is kept as it was; "
                              "free some space and try again")
    return Refused(path, f"could not be written ({e.strerror or e}); the earlier file is kept as it was")


def open_append(path: Any, folder: Any = None):
    """A text file opened to append to (a log), never through a link: Refused if `path` is a
    link or leads out of `folder`."""
    path = Path(path)
    _writable(path, folder)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | _NOFOLLOW | _CLOEXEC, 0o644)
    except OSError as e:
        raise _write_error(path, e) from None
    return os.fdopen(fd, "a", encoding="utf-8", errors="replace")


# --- the player's folders and the files the game writes there -------------------------------


def whole_number(text: str) -> int:
    """`json.loads`'s `parse_int` with the game's limit (ValueError past MAX_INT_DIGITS digits)."""
    return _whole(text)


def no_constant(name: str) -> Any:
    """`json.loads`'s `parse_constant`: NaN and Infinity are refused (ValueError)."""
    return _constant(name)


def _existing_ancestor(path: Path) -> Path:
    """`path` or its nearest ancestor that is there (as a link or not)."""
    path = Path(os.path.abspath(path))
    while not os.path.lexists(path) and path.parent != path:
        path = path.parent
    return path


def outside(path: Any, root: Any) -> str | None:
    """Why writing `path` would leave `root` (a link at the file, or a folder on the way that is a
    link out of `root`), or None. Nothing is opened or made."""
    path = Path(path)
    if os.path.islink(path):
        try:
            real = os.path.realpath(path)
        except (OSError, ValueError, RuntimeError):
            real = "?"
        where = "a file that is not there" if not os.path.exists(path) else real
        return (f"is a link (to {where}); the game does not write through links: delete the link, "
                "and the game writes a file of its own there")
    if root is None:
        return None
    base = _existing_ancestor(path.parent)
    if not _within(base, root):
        return (f"its folder {base} leads outside {root} (a link); the game does not write there: "
                "delete the link (the game makes the folder again)")
    return None


def _within(base: Path, root: Any) -> bool:
    """`base` (the nearest existing folder on a path under `root`) resolves inside `root`; or `root`
    is not made yet and `base` is above it (what is made below is then made inside `root`)."""
    if inside(base, root):
        return True
    top = Path(os.path.abspath(root))
    return base != top and base in top.parents and not os.path.lexists(top)


def make_folder(folder: Any, root: Any = None) -> Path:
    """`folder` made if missing (with its parents) and returned; Refused, saying what to do, if it
    can not be: `root` (the user folder) or `folder` is a file, a dangling or looping link, or a
    link out of `root`. Nothing outside `root` is ever made."""
    folder = Path(folder)
    if root is not None:
        why = folder_problem(root)
        if why is not None:
            raise Refused(root, f"(the game's user folder) {why}", kind="odd")
    why = folder_problem(folder)
    if why is None and not os.path.isdir(folder) and os.path.lexists(folder):
        why = "is a link to a folder that is not there: delete the link"
    if why is not None:
        raise Refused(folder, why, kind="odd")
    if root is not None:
        base = _existing_ancestor(folder)
        if not _within(base, root):
            raise Refused(folder, f"leads outside {root} (through a link at {base}); the game does not write "
                                  "there: delete the link (the game makes the folder again)", kind="link")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise _write_error(folder, e) from None
    return folder


def write_new(path: Any, data: bytes | str, folder: Any = None) -> None:
    """Create `path` holding `data`: FileExistsError if anything (a link too, even a dangling one)
    is there already; Refused if its folder leads out of `folder`; never follows a link."""
    path = Path(path)
    why = outside(path, folder)
    if why is not None and not os.path.islink(path):
        raise Refused(path, why, kind="link")
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _BINARY | _CLOEXEC, 0o644)
    try:
        view = memoryview(raw)
        while view:
            view = view[os.write(fd, view):]
    except OSError as e:
        os.close(fd)
        try:
            os.unlink(path)
        except OSError:
            pass
        raise _write_error(path, e) from None
    os.close(fd)


def as_oserror(e: Refused) -> OSError:
    """A Refused as the OSError callers of a writer expect (`strerror` is the whole message)."""
    code = errno.ENOSPC if isinstance(e, DiskFull) else errno.EPERM
    return OSError(code, str(e))


def home_folder(path: Any, root: Any) -> Path:
    """The folder a file at `path` must stay inside once links are resolved: `root` (the user
    folder) for a file named inside it, so a content folder that is itself a link out is caught
    too; else the file's own folder."""
    try:
        if Path(os.path.abspath(path)).is_relative_to(Path(os.path.abspath(root))):
            return Path(root)
    except (OSError, ValueError):
        pass
    return Path(path).parent


def writable_folder(folder: Any, root: Any) -> Path:
    """The folder a writer puts its files in, made if missing, resolved: for a folder named
    inside `root` (the user folder), `make_folder` checks it does not lead out of `root` (a
    link) and is not a file; Refused, saying what to do, if it does or is."""
    folder = Path(folder)
    make_folder(folder, home_folder(folder / "x", root) if root is not None else None)
    return folder.resolve()


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a cell as a formula (OWASP, CSV injection)."""


def csv_cell(value: Any) -> Any:
    """A cell of a CSV export (a tournament night's, a season's): text that a spreadsheet would take for a
    formula gets a leading single quote (``=HYPERLINK(…)`` → ``'=HYPERLINK(…)``); numbers stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value
