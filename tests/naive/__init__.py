"""A deliberately naive second implementation of the rules, written from spec/ alone.

It shares no rule code with ``fearsome_rules``: it imports nothing from the engine. The
differential tests (``tests/core/test_differential.py``) run both on generated positions and compare
legal destinations, resulting positions and monster traces.
"""
