"""Built on the engine: bots, perft, the conformance runner, questions, explain, render and
simulate. Import :mod:`fearsome_rules.core` and :mod:`fearsome_rules.formats`, never the
command line."""
