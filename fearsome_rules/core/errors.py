"""Typed errors. Every rule error names the spec rule id it enforces.

Every message is one line, and quotes at most about :data:`QUOTE_LIMIT` characters of any input
(:func:`quote`), so that a pasted megabyte or a key holding a newline still gives a short line.
"""

from __future__ import annotations

import re
import reprlib
from typing import Final

QUOTE_LIMIT: Final = 80
"""The most characters of an input that a message quotes."""
MESSAGE_LIMIT: Final = 1_000
"""The longest message: a net under :func:`quote`, should a message quote more."""

# What would break a message's one line, or a terminal: C0 and C1 controls, the Unicode line and
# paragraph separators, lone surrogates (which cannot even be encoded).
_UNPRINTABLE: Final = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


class _Short(reprlib.Repr):
    """``reprlib`` with a whole number too long to print (beyond Python's 4,300 digits, where
    ``repr`` itself raises) shown by its size."""

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 3 * self.maxlong:
            return f"<a number of about {int(x.bit_length() * 0.30103) + 1:,} digits>"
        return super().repr_int(x, level)


_SHORT: Final = _Short()  # Python 3.11's Repr takes no keyword arguments
_SHORT.maxlevel = 3
_SHORT.maxtuple = _SHORT.maxlist = _SHORT.maxdict = _SHORT.maxset = _SHORT.maxfrozenset = 4
_SHORT.maxstring = _SHORT.maxother = _SHORT.maxlong = QUOTE_LIMIT


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for a message: newlines and control characters escaped, at most about
    ``limit`` characters, a long text cut with its length said.

    >>> quote("A5 p11")
    "'A5 p11'"
    >>> quote("x" * 1000)[-26:]
    "xxx'... (1,000 characters)"
    >>> quote(10**5000)
    '<a number of about 5,001 digits>'
    """
    if isinstance(value, str):
        if len(value) <= limit:
            return _escaped(repr(value))
        return _escaped(repr(value[: limit - 8])) + f"... ({len(value):,} characters)"
    try:
        shown = _SHORT.repr(value)
    except Exception:  # a __repr__ that raises: name the type at least
        shown = f"<{type(value).__name__}>"
    shown = _escaped(shown)
    return shown if len(shown) <= limit + 10 else shown[:limit] + "..."


def shown_path(path: object) -> str:
    """A file name as a message shows it: as it is when short and printable (the usual
    ``file:line:column:`` form), else quoted (:func:`quote`)."""
    text = str(path)
    if len(text) <= 2 * QUOTE_LIMIT and not _UNPRINTABLE.search(text):
        return text
    return quote(text)


def _escaped(text: str) -> str:
    return _UNPRINTABLE.sub(lambda m: repr(m.group())[1:-1], text)


def one_line(message: str) -> str:
    """``message`` with anything that would break its line escaped, cut at :data:`MESSAGE_LIMIT`."""
    message = _escaped(message)
    if len(message) > MESSAGE_LIMIT:
        message = message[: MESSAGE_LIMIT - 20] + f"... ({len(message):,} characters)"
    return message


class FearsomeError(Exception):
    """Base class of every error this package raises on purpose. Its message is one line
    (:func:`one_line`)."""

    def __init__(self, *args: object) -> None:
        if args and isinstance(args[0], str):
            args = (one_line(args[0]), *args[1:])
        super().__init__(*args)


class NotationError(FearsomeError, ValueError):
    """Text that does not parse: a square name, a figure name, an action or a position string."""


class RuleError(FearsomeError, ValueError):
    """An action that breaks a rule. ``rule`` is the spec rule id (for example ``FIG-MONSTER``)."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"[{rule}] {message}")
        self.rule = rule
        self.message = message


class IllegalMoveError(RuleError):
    """A figure move that the rules forbid; the state it was tried on is unchanged."""


class IllegalActionError(RuleError):
    """An action of the wrong kind for the phase, or a reveal of a tile that cannot be drawn."""


class SetupError(FearsomeError, ValueError):
    """A game or position that cannot be set up. ``field`` names the input at fault."""

    def __init__(self, field: str, message: str, rule: str | None = None) -> None:
        where = f"{field}: " if field else ""
        tag = f"[{rule}] " if rule else ""
        super().__init__(f"{tag}{where}{message}")
        self.field = field
        self.rule = rule
        self.message = message


class PositionError(SetupError, NotationError):
    """A position string or diagram that reads, but describes a position no game can reach:
    a SetupError (its ``field`` and ``rule``) and a NotationError (the text is at fault)."""

    def __init__(self, where: str, error: SetupError) -> None:
        self.field, self.rule, self.message = error.field, error.rule, error.message
        FearsomeError.__init__(self, f"{where}: {error}")


class ArgumentError(FearsomeError, ValueError):
    """An argument of a public function that is not a rule's input and is out of its range
    (a negative number of games, a depth beyond what can finish). ``argument`` names it as
    ``function(argument)``."""

    def __init__(self, argument: str, message: str) -> None:
        self.argument = argument
        FearsomeError.__init__(self, f"{argument}: {message}")


class ArgumentTypeError(ArgumentError, TypeError):
    """A value of the wrong Python type for an argument of a public function (``None`` for a
    state, a list for a figure name, ``True`` or ``2.0`` for a number: a ``bool`` is never a
    number here). ``argument`` names it as ``function(argument)``; ``expected`` is what it takes.
    """

    def __init__(self, argument: str, expected: str, value: object) -> None:
        self.expected = expected
        ArgumentError.__init__(self, argument, f"expected {expected}, found {found(value)}")


def whole_number(value: object, argument: str) -> int:
    """``value`` if it is an int and not a bool; else the ArgumentTypeError naming ``argument``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentTypeError(argument, "a whole number (int)", value)
    return value


class NotationTypeError(ArgumentTypeError, NotationError):
    """A wrong Python type given where text is read (an action, a square or a figure name, a
    position string or a diagram): a NotationError too, so handlers of bad text catch it."""


class SetupTypeError(ArgumentTypeError, SetupError):
    """A wrong Python type given to the position builder or :func:`new_game`: a SetupError too,
    whose ``field`` is the argument."""

    def __init__(self, field: str, expected: str, value: object) -> None:
        self.field, self.rule = field, None
        self.message = f"expected {expected}, found {found(value)}"
        ArgumentTypeError.__init__(self, field, expected, value)


def found(value: object) -> str:
    """What a message says was found instead: the type and the value, quoted."""
    return "None" if value is None else f"{type(value).__name__} {quote(value)}"


# Tracebacks and reprs name the errors where users import them from (``fr.IllegalMoveError``),
# not the module that defines them; pickle finds them there too.
for _error in (
    FearsomeError,
    NotationError,
    RuleError,
    IllegalMoveError,
    IllegalActionError,
    SetupError,
    PositionError,
    ArgumentError,
    ArgumentTypeError,
    NotationTypeError,
    SetupTypeError,
):
    _error.__module__ = "fearsome_rules"
