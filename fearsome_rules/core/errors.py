"""Typed errors. Every rule error names the spec rule id it enforces."""

from __future__ import annotations


class FearsomeError(Exception):
    """Base class of every error this package raises on purpose."""


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


# Tracebacks and reprs name the errors where users import them from (``fr.IllegalMoveError``),
# not the module that defines them; pickle finds them there too.
for _error in (
    FearsomeError,
    NotationError,
    RuleError,
    IllegalMoveError,
    IllegalActionError,
    SetupError,
):
    _error.__module__ = "fearsome_rules"
