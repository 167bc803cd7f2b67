"""``--option NAME=VALUE``: another reading of the rules, as every command takes it."""

from __future__ import annotations

from collections.abc import Sequence

from fearsome_rules.core.errors import FearsomeError, SetupError
from fearsome_rules.core.options import RuleOptions


def option_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """``NAME=VALUE`` texts as a mapping, each checked (an unknown name or value is a one-line
    FearsomeError)."""
    out: dict[str, str] = {}
    for pair in pairs:
        name, eq, value = pair.partition("=")
        if not eq or not name.strip():
            raise FearsomeError(
                f"--option {pair!r}: write NAME=VALUE, e.g. monster_slide_figure=eat"
            )
        name, value = name.strip(), value.strip()
        try:
            RuleOptions().with_option(name, value)
        except SetupError as e:
            raise FearsomeError(f"--option {pair}: {e.message}") from None
        out[name] = value
    return out


def rule_options(pairs: Sequence[str], base: RuleOptions | None = None) -> RuleOptions:
    """``base`` (the defaults if None) with every ``NAME=VALUE`` of ``pairs`` set."""
    opts = RuleOptions() if base is None else base
    for name, value in option_pairs(pairs).items():
        opts = opts.with_option(name, value)
    return opts
