"""The one safe reader of the files users give (``fearsome_rules.formats.safe_input``): its
limits, each refusal at its line and column, and game record files read through it."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import ANY_CHARACTER, fuzz_examples

import fearsome_rules as fr
from fearsome_rules.formats import safe_input
from fearsome_rules.formats.record import load_record
from fearsome_rules.formats.safe_input import InputError, load_yaml, read_text, unprintable


def refused(text: str) -> str:
    with pytest.raises(InputError) as caught:
        load_yaml(text, "f.yaml")
    assert "\n" not in str(caught.value)
    return str(caught.value)


def test_a_document_reads_with_the_place_of_every_value() -> None:
    data, marks = load_yaml("a: 1\nb:\n  - x\n  - {c: 2.5, d: true, e: null}\n", "f.yaml")
    assert data == {"a": 1, "b": ["x", {"c": 2.5, "d": True, "e": None}]}
    assert marks.at(("b", 1, "c")) == (4, 9)
    assert marks.at(("b",), key=True) == (2, 1)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a: &x 1\nb: *x\n", "f.yaml:1:4: anchors and aliases (&name, *name) are not read"),
        ("a: [*x]\n", "f.yaml:1:5: anchors and aliases"),
        ("a: !!str 1\n", "f.yaml:1:4: tags (!!str) are not read: write the value alone"),
        ("a: !local 1\n", "f.yaml:1:4: tags (!local) are not read"),
        ("a: 1\nb: " + "1" * 21 + "\n", "f.yaml:2:4: a number of more than 20 characters"),
        ("a: -1.5e+3000000000000000000\n", "f.yaml:1:4: a number of more than 20 characters"),
        ("a: b\x07c\n", "f.yaml:1:5: a control character (U+0007): not text"),
        ("a: 1\n\x7f", "f.yaml:2:1: a control character (U+007F): not text"),
        ('a: "\\ud800"\n', "f.yaml:1:4: a lone surrogate (U+D800) in a value: not printable"),
        ('a: "\\r"\n', "f.yaml:1:4: a control character (U+000D) in a value"),
        ('"\\x00": 1\n', "f.yaml:1:1: a control character (U+0000) in a value"),
        ("a: 2001-02-30\n", "f.yaml:1:4: cannot read '2001-02-30': day is out of range"),
        ("a: 1\na: 2\n", "f.yaml:2:1: YAML: duplicate key 'a' (first at line 1)"),
        ("? [1]\n: 2\n", "f.yaml:1:3: YAML: a key must be a plain name, not [1]"),
        ("a: [1\n", "f.yaml:2:1: YAML: expected ',' or ']', but got '<stream end>'"),
        ("a: 1\n---\nb: 2\n", "f.yaml:2:1: YAML: but found another document"),
        ("", "f.yaml:1:1: the file is empty"),
        ("# only a comment\n", "f.yaml:1:1: the file is empty"),
    ],
)
def test_what_the_formats_never_use_is_refused_at_its_place(text: str, expected: str) -> None:
    assert refused(text).startswith(expected)


def test_the_limits_hold_exactly() -> None:
    depth = safe_input.MAX_DEPTH
    assert load_yaml("[" * depth + "]" * depth, "f")[0] is not None
    assert "nested more than 64 deep" in refused("[" * (depth + 1) + "]" * (depth + 1))
    assert "nested more than 64 deep" in refused("[" * 100_000)  # PyYAML's own recursion
    text = "x" * safe_input.MAX_SCALAR_CHARS
    assert load_yaml(f"a: {text}", "f")[0] == {"a": text}
    assert "a text of more than 20,000 characters" in refused(f"a: {text}x")
    assert load_yaml("a: " + "9" * safe_input.MAX_NUMBER_CHARS, "f")[0] == {"a": int("9" * 20)}


def test_the_value_count_is_bounded_before_anything_is_built(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(safe_input, "MAX_NODES", 10)
    assert len(load_yaml("[1, 2, 3, 4, 5, 6, 7, 8, 9]", "f")[0]) == 9  # the list is a value too
    assert (
        refused("[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]") == "f.yaml:1:29: more than 10 values in one file"
    )


def test_a_billion_laughs_cost_nothing() -> None:
    bomb = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
        f"{x}: &{x} [{', '.join([f'*{p}'] * 9)}]\n"
        for p, x in zip("abcdefgh", "bcdefghi", strict=True)
    )
    started = time.perf_counter()
    assert refused(bomb).startswith("f.yaml:1:4: anchors and aliases")
    # Not a speed goal: a bound far below what the bomb costs expanded (18 s and 2.4 GB) and far
    # above what a loaded machine takes to refuse it at its first anchor (a few ms idle).
    assert time.perf_counter() - started < 10.0


def test_read_text_refuses_unread_what_is_not_a_small_utf8_file(tmp_path: Path) -> None:
    path = tmp_path / "f.yaml"
    path.write_bytes(b"a" * safe_input.MAX_FILE_BYTES)
    assert len(read_text(path)) == safe_input.MAX_FILE_BYTES
    path.write_bytes(b"a" * (safe_input.MAX_FILE_BYTES + 1))
    with pytest.raises(InputError, match=r"f\.yaml: more than 1,000,000 bytes"):
        read_text(path)
    path.write_bytes("a: 1\nb: ü\xff\n".encode("latin-1"))
    with pytest.raises(InputError, match=r"f\.yaml:2:4: not UTF-8 text \(byte 0xfc\)"):
        read_text(path)
    with pytest.raises(InputError, match="no such file"):
        read_text(tmp_path / "nope.yaml")
    with pytest.raises(InputError, match="is a folder"):
        read_text(tmp_path)


def test_unprintable_names_the_first_character_no_value_may_hold() -> None:
    assert unprintable("A5 p11 p10\ttab\nnewline, ünïcödé, 怪物, \U0001f47b") is None
    assert unprintable("a\x1b[2Jb\x01") == "a control character (U+001B)"
    assert unprintable("\udcff") == "a lone surrogate (U+DCFF)"


# --- game record files -------------------------------------------------------------------------


"""Every code point, control characters and lone surrogates included."""
RECORD = fr.GameRecord.of(
    fr.new_game(2), [fr.FigureMove("A5", ("p11", "p10")), fr.FigureMove("B5", ("p11",))]
).dumps()


def record_error(tmp_path: Path, content: str | bytes) -> str:
    path = tmp_path / "game.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, "utf-8")
    with pytest.raises(fr.RecordError) as caught:
        load_record(str(path))
    message = str(caught.value)
    assert "\n" not in message and message.startswith(str(path)), message
    return message[len(str(path)) :]


def test_a_record_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(RECORD, "utf-8")
    assert load_record(str(path)).actions == ("A5 p11 p10", "B5 p11")


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (("B5 p11", "B5 p11\\u001b[2J"), ": record: $.actions[1]: a control character (U+001B)"),
        (("B5 p11", "\\udc00"), ": record: $.actions[1]: a lone surrogate (U+DC00)"),
        (('"basic"', '"bas\\u0007ic"'), ": record: $.setup: a control character (U+0007)"),
        (("{}", '{"three_hits": "\\ud800"}'), ": record: $.options.three_hits: a lone surrogate"),
        (("B5 p11", "B5 zz"), ":10: action 2 ('B5 zz'): 'zz' is not a square"),
    ],
)
def test_a_bad_text_in_a_record_is_named(
    tmp_path: Path, edit: tuple[str, str], expected: str
) -> None:
    old, new = edit
    assert old in RECORD
    assert record_error(tmp_path, RECORD.replace(old, new, 1)).startswith(expected)


def test_a_record_file_that_is_not_a_small_utf8_file_is_refused(tmp_path: Path) -> None:
    assert record_error(tmp_path, RECORD.encode().replace(b"B5", b"B\xe95")) == (
        ":10:7: not UTF-8 text (byte 0xe9)"
    )
    big = RECORD.replace('"A5 p11 p10"', '"A5 p11 p10"' + " " * safe_input.MAX_FILE_BYTES)
    assert record_error(tmp_path, big) == ": more than 1,000,000 bytes: not a file of this engine"
    assert record_error(tmp_path, "").startswith(": record: line 1, column 1")


@settings(
    max_examples=fuzz_examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    st.lists(
        st.tuples(
            st.integers(0, len(RECORD)),
            st.integers(0, 4),
            st.sampled_from(
                [*'{}[]",:0 \\', "\\ud800", "\\u0001", "\ud800", "\x01", "9" * 30, "2.0", "true"]
            )
            | st.text(ANY_CHARACTER, max_size=4),
        ),
        min_size=1,
        max_size=3,
    )
)
def test_a_mutated_record_file_is_read_or_refused_naming_the_file(
    edits: list[tuple[int, int, str]],
) -> None:
    text = RECORD
    for at, cut, new in edits:
        text = text[:at] + new + text[at + cut :]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        try:
            load_record(str(path))
        except fr.RecordError as e:
            assert "\n" not in str(e) and str(e).startswith(str(path)), str(e)
