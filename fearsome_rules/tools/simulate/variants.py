"""Variants of the rules to compare side by side: ``default`` or ``NAME=VALUE,...`` on top of
the rules as given, and the published variants."""

from __future__ import annotations

from fearsome_rules.core.errors import FearsomeError, quote
from fearsome_rules.core.options import RuleOptions

PUBLISHED_VARIANTS = ("default", "three_hits=true", "finish_round=true")
"""What ``--variants`` compares: the rules as given, and each published variant."""


def parse_variant(text: str, base: RuleOptions) -> tuple[str, RuleOptions]:
    """A variant from ``default`` or ``NAME=VALUE[,NAME=VALUE...]`` on top of ``base``;
    returns (label, options)."""
    spec = text.strip()
    if spec.lower() in ("default", ""):
        return "default", base
    opts = base
    parts = []
    for pair in spec.split(","):
        name, eq, value = pair.partition("=")
        if not eq or not name.strip():
            raise FearsomeError(
                f"--variant {quote(text)}: write NAME=VALUE[,NAME=VALUE...] or default"
            )
        opts = opts.with_option(name.strip(), value.strip())
        parts.append(f"{name.strip()}={value.strip()}")
    return ",".join(parts), opts
