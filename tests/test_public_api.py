"""No public name disappears without a deprecation (docs/stability.md).

``tests/public_api.txt`` lists every public name of the Python API and of the command line
(tests/public_api.py says what counts); here it is checked against the code both ways: a name
listed but gone fails unless it was deprecated in an earlier minor version, and a public name
not listed fails until it is added (so that its removal would be seen later).
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from public_api import (
    LIST,
    Entry,
    current_minor,
    public_names,
    read_list,
    removals,
)

import fearsome_rules as fr
from fearsome_rules.core.deprecation import deprecated, deprecation_message, warn_deprecated

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def surface() -> tuple[set[str], list[str]]:
    return public_names()


def test_no_listed_name_disappeared_without_a_deprecation(
    surface: tuple[set[str], list[str]],
) -> None:
    names, missing = surface
    entries = [e for e in read_list() if not e.name.startswith(tuple(missing))]
    assert len(entries) > 1000
    problems = removals(entries, names, current_minor())
    assert not problems, "\n".join(problems)
    if missing:
        pytest.skip(f"names of {', '.join(missing)} not checked: its extra is not installed")


def test_every_public_name_is_listed(surface: tuple[set[str], list[str]]) -> None:
    names, _ = surface
    new = sorted(names - {e.name for e in read_list()})
    assert not new, (
        f"public names not in {LIST.name} (python3 tests/public_api.py --write adds them): "
        + ", ".join(new[:20])
    )


def test_the_list_covers_the_documented_surface() -> None:
    listed = {e.name for e in read_list()}
    for name in fr.__all__:
        assert f"fearsome_rules.{name}" in listed
    # Members, parameters, subcommands, options and their choices are names too.
    assert "fearsome_rules.GameState.phase" in listed
    assert "fearsome_rules.new_game(players)" in listed
    assert "fearsome_rules.tools.bots.choose(budget)" in listed
    assert "fearsome-rules simulate --games" in listed
    assert "fearsome-rules simulate --executor=dask" in listed


def test_every_name_of_release_0_1_is_still_there(surface: tuple[set[str], list[str]]) -> None:
    """The names of ``fearsome_rules.__all__`` in 0.1.0 (commit 55f7de8), typed in from it."""
    names, _ = surface
    old_text = """Action Continuation FearsomeError Figure FigureMove GameRecord GameState
    IllegalActionError IllegalMoveError NotationError Outcome Phase PlaceTile RecordError Reveal
    RuleError RuleOptions SetupError action_from_json action_to_json all_paths apply apply_traced
    board bots chance_outcomes check continuations deck destinations diagram divide events
    legal_actions legal_moves legal_placements new_game outcome parse_action parse_diagram
    parse_position perft position position_string state_from_json state_to_json"""
    old = old_text.split()
    assert len(old) == 46
    assert {f"fearsome_rules.{name}" for name in old} <= names


# --- the rule itself, on lists made up here -----------------------------------------------


def test_a_name_gone_without_a_deprecation_is_refused() -> None:
    entries = [Entry("fearsome_rules.apply"), Entry("fearsome_rules.gone")]
    problems = removals(entries, {"fearsome_rules.apply"}, (0, 2))
    assert problems == ["fearsome_rules.gone: gone without a deprecation (docs/stability.md)"]


def test_a_deprecated_name_lives_through_one_minor_release() -> None:
    entry = Entry("fearsome-rules play --old", deprecated=(0, 3), instead="--new")
    assert removals([entry], set(), (0, 2)) != []  # marked ahead of its release
    assert removals([entry], set(), (0, 3)) == [
        "fearsome-rules play --old: deprecated in 0.3, so it stays until the next minor release"
    ]
    assert removals([entry], set(), (0, 4)) == []
    assert removals([entry], set(), (1, 0)) == []
    assert removals([entry], {"fearsome-rules play --old"}, (0, 3)) == []  # still there


def test_the_list_reads_its_deprecation_marks(tmp_path: Path) -> None:
    path = tmp_path / "list.txt"
    path.write_text(
        "# comment\n\nfearsome_rules.apply\n"
        "fearsome_rules.old_thing  # deprecated 0.3: use fearsome_rules.new_thing\n"
    )
    assert read_list(path) == [
        Entry("fearsome_rules.apply"),
        Entry("fearsome_rules.old_thing", (0, 3), "use fearsome_rules.new_thing"),
    ]


def test_every_deprecation_of_the_list_is_in_the_changelog() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text("utf-8")
    for entry in read_list():
        if entry.deprecated is not None:
            assert f"`{entry.name}`" in changelog, f"{entry.name}: not in CHANGELOG.md"


# --- the helper that deprecates ---------------------------------------------------------------


def test_a_deprecated_function_warns_at_the_callers_line_and_still_works() -> None:
    @deprecated(since="0.3", instead="fearsome_rules.apply")
    def old(x: int, *, y: int = 1) -> int:
        """Add."""
        return x + y

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert old(2, y=3) == 5
        line = _line_of_the_call_above()
    assert len(caught) == 1
    warning = caught[0]
    assert warning.category is DeprecationWarning
    assert warning.filename == __file__ and warning.lineno == line
    assert str(warning.message).endswith(
        ".<locals>.old is deprecated since fearsome_rules 0.3 and will be removed in a later "
        "minor release; use fearsome_rules.apply instead"
    )
    assert old.__doc__ == "Deprecated since 0.3: use fearsome_rules.apply instead.\n\nAdd."


def _line_of_the_call_above() -> int:
    import inspect

    frame = inspect.currentframe()
    assert frame is not None and frame.f_back is not None
    return frame.f_back.f_lineno - 1


def test_warn_deprecated_points_past_its_caller() -> None:
    def handler() -> None:
        warn_deprecated("fearsome-rules play --old", since="0.3", instead="--new")

    with pytest.warns(DeprecationWarning, match=r"^fearsome-rules play --old is deprecated") as w:
        handler()
    assert w[0].filename == __file__


def test_a_deprecation_names_a_minor_version() -> None:
    with pytest.raises(ValueError, match="minor version"):
        deprecation_message("x", since="0.3.1", instead="y")
    with pytest.raises(ValueError, match="minor version"):
        deprecated(since="soon", instead="y")
