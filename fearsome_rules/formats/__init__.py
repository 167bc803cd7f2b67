"""Text and files: position strings, diagrams, JSON and game records. Imports only
:mod:`fearsome_rules.core`."""
