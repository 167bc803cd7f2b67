"""Text that users give, read at a bounded cost and with one kind of error: the file readers
(:mod:`fearsome_rules.formats.safe_input`) and the JSON readers share it. Standard library
only, so that reading a record or a state's JSON needs no YAML library (a browser's Python has
none).

- :func:`read_text`: a file's UTF-8 text, refused unread beyond :data:`MAX_FILE_BYTES`.
- :func:`unprintable`: the first character no value may hold.
- :class:`InputError`: a file that cannot be read, with its line and column.
"""

from __future__ import annotations

import errno
import re
from pathlib import Path
from typing import Final

from fearsome_rules.core.errors import NotationError, shown_path

MAX_FILE_BYTES: Final = 1_000_000
"""The largest file read; a larger one is refused before it is read."""

# What no value may hold, however it is written ("\x1b" and "\ud800" are escapes of a
# double-quoted scalar): a control character could rewrite a terminal, a lone surrogate cannot
# even be printed.
_NOT_IN_VALUE: Final = re.compile("[^\t\n\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


class InputError(NotationError):
    """A file that cannot be read: missing, too big, not UTF-8, not YAML of the formats' kind,
    or beyond a limit. ``line`` and ``column`` count from 1; 0 when the whole file is at fault."""

    def __init__(self, file: str, line: int, column: int, message: str) -> None:
        shown = shown_path(file)
        super().__init__(f"{shown}:{line}:{column}: {message}" if line else f"{shown}: {message}")
        self.file = file
        self.line = line
        self.column = column
        self.message = message


def unprintable(text: str) -> str | None:
    """A description of the first character of ``text`` that no value may hold, or None."""
    found = _NOT_IN_VALUE.search(text)
    return None if found is None else character(found.group())


_SURROGATE: Final = re.compile("[\ud800-\udfff]")


def check_unicode(text: str, what: str) -> None:
    """A NotationError if ``text`` holds a lone surrogate: not Unicode text, which no file and
    no terminal can hold (a ``\\ud800`` escape in JSON, an undecodable byte of a command line)."""
    found = _SURROGATE.search(text)
    if found is not None:
        raise NotationError(
            f"{what}: {character(found.group())} at character {found.start() + 1:,}: not "
            "Unicode text"
        )


def character(char: str) -> str:
    """How a character that is not text is named in a message: its kind and code point."""
    kind = "a lone surrogate" if "\ud800" <= char <= "\udfff" else "a control character"
    return f"{kind} (U+{ord(char):04X})"


# --- files -----------------------------------------------------------------------------------


def read_text(path: str | Path, limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of the file at ``path``; at most ``limit`` bytes are read."""
    file = str(path)
    try:
        with Path(path).open("rb") as f:
            data = f.read(limit + 1)
    except FileNotFoundError:
        raise InputError(file, 0, 0, "no such file") from None
    except IsADirectoryError:
        raise InputError(file, 0, 0, "is a folder, not a file") from None
    except OSError as e:
        if e.errno == errno.ENAMETOOLONG:
            raise InputError(file, 0, 0, "no such file (the name is too long for one)") from None
        reason = e.strerror or str(e)  # no permission, an I/O error
        raise InputError(file, 0, 0, f"cannot read the file: {reason}") from None
    except ValueError as e:  # a NUL in the name
        raise InputError(file, 0, 0, f"no such file ({e})") from None
    if len(data) > limit:
        raise InputError(file, 0, 0, f"more than {limit:,} bytes: not a file of this engine")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        column = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        raise InputError(
            file, line, column, f"not UTF-8 text (byte 0x{data[e.start]:02x})"
        ) from None
