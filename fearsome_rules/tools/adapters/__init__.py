"""Adapters to the game frameworks bot and AI authors use: OpenSpiel (``openspiel_game``) and
PettingZoo (``pettingzoo_env``), with what they share: the action encoding
(``action_encoding``, no optional package needed), the observation (``observation``, numpy)
and the returns (``returns``). Only these modules import the optional packages, and
``import fearsome_rules`` imports none of them. See docs/adapters.md.
"""
