"""The conformance suite: load the YAML case files, check them, run them, report.

A case file (``conformance/cases/<topic>.yaml``) holds cases; a case is a starting position
and steps, each step an action with partial expectations or with the rule id it must be
refused with (see ``conformance/README.md`` and ``conformance/schema.json``).

Loading never raises for what is in a file: every problem (YAML syntax, a duplicate key, a key
or value the schema does not allow, an unknown rule id, a bad square name, a duplicate case id,
a position the rules do not allow) becomes a :class:`Problem` with its file, line and column.

The modules, each using only the ones before it: :mod:`.casefile` (YAML with line and column
marks, the JSON Schema), :mod:`.cases` (loading and checking cases, building the start),
:mod:`.expect` (comparing a step's expectations), :mod:`.runner` (running cases, reports).
"""

from __future__ import annotations

from fearsome_rules.tools.conformance.casefile import (
    Marks,
    Path_,
    Problem,
    read_yaml,
    schema,
    schema_problem,
    strict_validator,
)
from fearsome_rules.tools.conformance.cases import (
    Case,
    Step,
    Suite,
    build_position,
    case_files,
    case_options,
    load,
    position_squares,
    setup_field_path,
    start_state,
)
from fearsome_rules.tools.conformance.engines import NOT_HITS, Engine, InProcess
from fearsome_rules.tools.conformance.runner import (
    CaseResult,
    Report,
    default_paths,
    is_hit_event,
    run,
    run_case,
    select,
)

__all__ = [
    "NOT_HITS",
    "Case",
    "CaseResult",
    "Engine",
    "InProcess",
    "Marks",
    "Path_",
    "Problem",
    "Report",
    "Step",
    "Suite",
    "build_position",
    "case_files",
    "case_options",
    "default_paths",
    "is_hit_event",
    "load",
    "position_squares",
    "read_yaml",
    "run",
    "run_case",
    "schema",
    "schema_problem",
    "select",
    "setup_field_path",
    "start_state",
    "strict_validator",
]
