"""``fearsome-rules completion bash|zsh|tcsh``: the completion script, tried in the real shells
(bash's ``complete`` and its completion function as Tab calls it; zsh's ``compinit``)."""

from __future__ import annotations

import contextlib
import io
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from fearsome_rules.cli import main

pytest.importorskip("shtab", reason="needs the completion extra (shtab is not installed)")


def _script(shell: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["completion", shell]) == 0
    return out.getvalue()


@pytest.fixture(scope="module")
def bash_script(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("completion") / "fearsome-rules.bash"
    path.write_text(_script("bash"))
    return path


def _bash_completes(script: Path, words: list[str], cwd: Path | None = None) -> list[str]:
    """What Tab offers after ``words`` (the last one being completed) in bash."""
    if shutil.which("bash") is None:
        pytest.skip("no bash")
    quoted = " ".join(f"'{w}'" for w in words)
    program = (
        f"source '{script}'\n"
        f"COMP_WORDS=({quoted}); COMP_CWORD={len(words) - 1}\n"
        'COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}\n'
        "_shtab_fearsome_rules\n"
        'printf "%s\\n" "${COMPREPLY[@]}"\n'
    )
    done = subprocess.run(
        ["bash", "--norc", "--noprofile", "-c", program],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=True,
    )
    return sorted(line for line in done.stdout.splitlines() if line)


def test_bash_registers_the_command(bash_script: Path) -> None:
    done = subprocess.run(
        ["bash", "--norc", "--noprofile", "-c", f"source '{bash_script}'; complete -p"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip().endswith(" -F _shtab_fearsome_rules fearsome-rules")


def test_bash_completes_subcommands_options_and_choices(bash_script: Path) -> None:
    assert _bash_completes(bash_script, ["fearsome-rules", "si"]) == ["simulate"]
    assert _bash_completes(bash_script, ["fearsome-rules", "re"]) == [
        "readings",
        "render",
    ]
    assert "completion" in _bash_completes(bash_script, ["fearsome-rules", ""])
    assert _bash_completes(bash_script, ["fearsome-rules", "simulate", "--ga"]) == ["--games"]
    assert _bash_completes(bash_script, ["fearsome-rules", "simulate", "--executor", ""]) == [
        "dask",
        "processes",
        "ray",
    ]
    assert _bash_completes(bash_script, ["fearsome-rules", "completion", ""]) == [
        "bash",
        "tcsh",
        "zsh",
    ]


def test_bash_completes_file_names_where_a_file_is_due(bash_script: Path, tmp_path: Path) -> None:
    (tmp_path / "question.yaml").write_text("")
    (tmp_path / "quota.txt").write_text("")
    assert _bash_completes(bash_script, ["fearsome-rules", "explain", "qu"], tmp_path) == [
        "question.yaml",
        "quota.txt",
    ]
    assert _bash_completes(
        bash_script, ["fearsome-rules", "simulate", "--json", "quo"], tmp_path
    ) == ["quota.txt"]


def test_zsh_finds_the_script_on_its_fpath(tmp_path: Path) -> None:
    if shutil.which("zsh") is None:
        pytest.skip("no zsh: .ci/run installs it (apt-get install zsh)")
    (tmp_path / "_fearsome-rules").write_text(_script("zsh"))
    subprocess.run(["zsh", "-n", str(tmp_path / "_fearsome-rules")], check=True)
    program = (
        f"fpath=('{tmp_path}' $fpath); autoload -U compinit; compinit -u -D; "
        "print -r -- ${_comps[fearsome-rules]}"
    )
    done = subprocess.run(["zsh", "-f", "-c", program], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "_fearsome-rules"


def test_tcsh_gets_a_script_too() -> None:
    assert _script("tcsh").splitlines()[0].startswith("#")
    assert "complete fearsome-rules" in _script("tcsh")


def test_without_shtab_the_command_says_which_extra(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "shtab", None)
    assert main(["completion", "bash"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        "fearsome-rules: completion needs shtab: pip install 'fearsome_rules[completion]'\n"
    )


def test_an_unknown_shell_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["completion", "fish"])
    assert exit_.value.code == 2
    assert "invalid choice: 'fish'" in capsys.readouterr().err
