"""The spec leads: every rule id has a test, and every id the tests or code name exists."""

from __future__ import annotations

from spec_ids import code_ids, rule_ids_in_tests, spec_ids


def test_spec_has_rules() -> None:
    ids = spec_ids()
    assert len(ids) >= 50, f"only {len(ids)} rule ids found in spec/"


def test_every_rule_id_has_a_test() -> None:
    missing = sorted(set(spec_ids()) - set(rule_ids_in_tests()))
    assert not missing, f"rule ids with no test carrying @pytest.mark.rules: {missing}"


def test_tests_name_only_real_rule_ids() -> None:
    unknown = {k: v for k, v in rule_ids_in_tests().items() if k not in spec_ids()}
    assert not unknown, f"tests name rule ids the spec does not define: {unknown}"


def test_code_names_only_real_rule_ids() -> None:
    ids = spec_ids()
    # "SET-*"-style wildcards in docstrings name a family, not a rule.
    unknown = {k: v for k, v in code_ids().items() if k not in ids}
    assert not unknown, f"the code names rule ids the spec does not define: {unknown}"


def test_rule_ids_module_matches_the_spec() -> None:
    from fearsome_rules.core.rules import RULE_IDS

    assert set(spec_ids()) == RULE_IDS


def test_every_rule_id_has_a_conformance_case() -> None:
    from pathlib import Path

    from fearsome_rules.tools.conformance import load

    suite = load([Path(__file__).resolve().parent.parent / "conformance" / "cases"])
    covered = {rule for case in suite.cases for rule in case.rules}
    missing = sorted(set(spec_ids()) - covered)
    assert not missing, f"rule ids with no conformance case: {missing}"
