"""The rules: the board, the state, the transitions, the monster's walk, move generation,
placement and the deck. Imports nothing from :mod:`fearsome_rules.formats`,
:mod:`fearsome_rules.tools` or :mod:`fearsome_rules.cli`."""
