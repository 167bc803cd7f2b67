"""Files saved by release 0.1.0 (the last before the kernel: tests/formats/release_0_1/, written
by its make_files.py) load unchanged: every game record replays, every saved state reads back
as the state the replay reaches, and both write out again exactly as that release wrote them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import fearsome_rules as fr
from fearsome_rules.formats.record import load_record

HERE = Path(__file__).resolve().parent / "release_0_1"
GAMES = sorted(p.name.removesuffix(".record.json") for p in HERE.glob("*.record.json"))
GAMES = [g for g in GAMES if not g.endswith(".mid")]


def test_the_files_are_there() -> None:
    assert GAMES == ["advanced-3", "basic-4", "basic-7-three-hits", "bsw-2"]


@pytest.mark.parametrize("game", GAMES)
def test_records_and_states_of_release_0_1_load_unchanged(game: str) -> None:
    record_file = HERE / f"{game}.record.json"
    record = load_record(str(record_file))
    assert record.dumps() + "\n" == record_file.read_text("utf-8")
    states = list(record.states())
    assert states[-1].phase is fr.Phase.OVER
    saved = json.loads((HERE / f"{game}.states.json").read_text("utf-8"))
    assert saved
    for index, doc in saved.items():
        state = states[int(index)]
        assert fr.state_to_json(state) == doc, f"{game}: state after action {index}"
        assert fr.state_from_json(doc) == state, f"{game}: state after action {index}"
    middle = load_record(str(HERE / f"{game}.mid.record.json"))
    assert middle.replay() == states[-1]
