"""The lines an explanation is made of, each citing the rule ids it rests on."""

from __future__ import annotations

import attrs

from fearsome_rules.core.errors import FearsomeError
from fearsome_rules.core.options import RuleOptions

KIND_TEXT = {
    "stone": "stone",
    "crystal": "crystal",
    "turn_right": "right-turning stone",
    "turn_about": "half-turn stone",
}
TURN_WORD = {1: "right", 2: "about", 3: "left"}
RULE_COLUMN = 76
"""Rule ids start in this column when the text is short enough."""


class ExplainError(FearsomeError):
    """The explanation does not agree with the engine's events (a bug), or nothing to explain."""


@attrs.frozen
class Line:
    """One line of an explanation: a label, the text, the rule ids it rests on, and the
    reading (``option=value``) it depends on, if any."""

    label: str
    text: str
    rules: tuple[str, ...] = ()
    option: str = ""

    def render(self) -> str:
        text = self.text + (f" (option {self.option})" if self.option else "")
        head = f"  {self.label:<9} {text}"
        if not self.rules:
            return head
        tag = "[" + ", ".join(self.rules) + "]"
        return f"{head:<{RULE_COLUMN}} {tag}" if len(head) < RULE_COLUMN else f"{head}  {tag}"


def option_text(options: RuleOptions, name: str) -> str:
    """``name=value`` of an option, as a line names the reading it depends on."""
    value = getattr(options, name)
    return f"{name}={str(value).lower() if isinstance(value, bool) else value}"
