"""Build the Python side of the npm package ``fearsome-rules`` (``js/``), so that it runs with
nothing fetched at run time:

- ``js/wheels/``: the engine's pure wheel and its dependencies' pure wheels, made as the web
  page's are (:func:`fearsome_rules.tools.web.site.wheels`), and ``manifest.json`` (the
  Pyodide version and the wheels in install order);
- ``js/rules.json``: every rule of ``spec/`` with its title and text
  (:func:`fearsome_rules.tools.web.site.rules`), for a refusal's rule;
- ``js/schemas/``: the JSON Schemas the package's types are generated from: the state, the
  protocol and the results schemas of ``conformance/`` as they are, and the events, the actions
  and the game record, derived here from the engine's own classes
  (:mod:`fearsome_rules.core.events`, the action and record documents of
  :mod:`fearsome_rules.formats`), so that a field added to an event changes the types;
- ``js/package.json``'s ``version`` (the Python package's) and ``pyodide`` dependency
  (:data:`~fearsome_rules.tools.web.site.PYODIDE_VERSION`).

The schemas and package.json are checked in (so are the types generated from the schemas):
a build checks that they are current and fails naming the stale file; ``--write`` writes them
and nothing else (``npm run derive`` in ``js/``, which then generates the types).

Usage, from anywhere: ``python3 scripts/build_js_package.py [--write]`` (``npm run build`` in
``js/`` runs it, then checks the types).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import types
import typing
from importlib import metadata
from pathlib import Path
from typing import Any, Literal

import attrs

from fearsome_rules.core import events as ev
from fearsome_rules.formats import record, state_json
from fearsome_rules.tools.web import site

ROOT = Path(__file__).resolve().parent.parent
JS = ROOT / "js"
COPIED = ("state", "protocol", "results")
"""The schemas of ``conformance/`` the package ships as they are."""


def _type_schema(t: Any) -> dict[str, Any]:
    """The JSON Schema of a field's Python type (the few the documents use)."""
    origin, args = typing.get_origin(t), typing.get_args(t)
    if t is str:
        return {"type": "string"}
    if t is bool:
        return {"type": "boolean"}
    if t is int:
        return {"type": "integer"}
    if origin is Literal:
        return {"const": args[0]} if len(args) == 1 else {"enum": list(args)}
    if origin in (list, tuple):
        return {"type": "array", "items": _type_schema(args[0])}
    if origin is dict:
        return {"type": "object", "additionalProperties": _type_schema(args[1])}
    if origin in (typing.Union, types.UnionType):
        return {"type": [_type_schema(a)["type"] for a in args]}
    raise TypeError(f"no schema for {t!r}")


def _object(
    cls: type, title: str, extra: dict[str, Any] | None = None, *, written: bool = False
) -> dict[str, Any]:
    """``cls``'s fields as an object schema. A field with a default may be left out of a
    document the readers take (a record without a position, a placement without an arrow);
    ``written``: the package writes every field (events)."""
    hints = typing.get_type_hints(cls)
    props = {a.name: _type_schema(hints[a.name]) for a in attrs.fields(cls)}
    required = [a.name for a in attrs.fields(cls) if written or a.default is attrs.NOTHING]
    props.update(extra or {})
    required += list(extra or {})
    return {
        "title": title,
        "description": (cls.__doc__ or "").strip().split("\n\n")[0].replace("\n", " "),
        "type": "object",
        "additionalProperties": False,
        "required": required,
        "properties": props,
    }


def events_schema() -> dict[str, Any]:
    """The events of :mod:`fearsome_rules.core.events` as JSON (the package's ``event_doc``): a
    ``type`` naming the class, the class's fields, and ``text``, the event's ``str``."""
    classes = [c for c in vars(ev).values() if isinstance(c, type) and issubclass(c, ev.Event)]
    defs = {
        c.__name__: _object(
            c,
            c.__name__,
            {"type": {"const": c.__name__}} | {"text": {"type": "string"}},
            written=True,
        )
        for c in classes
        if c is not ev.Event
    }
    for d in defs.values():
        d["required"] = ["type", *[r for r in d["required"] if r != "type"]]
    return _union(
        "EngineEvent",
        "What happened during an action, in order (fearsome_rules.core.events).",
        defs,
    )


def _union(title: str, description: str, defs: dict[str, Any]) -> dict[str, Any]:
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": title,
        "description": description,
        "oneOf": [{"$ref": f"#/$defs/{name}"} for name in defs],
        "$defs": defs,
    }


def action_schema() -> dict[str, Any]:
    """The action JSON of :func:`fearsome_rules.action_to_json` (its documents' classes)."""
    docs = {
        "MoveJSON": state_json.MoveDoc,
        "RevealJSON": state_json.RevealDoc,
        "PlaceJSON": state_json.PlaceDoc,
    }
    defs = {name: _object(cls, name) for name, cls in docs.items()}
    return _union("ActionJSON", "An action as JSON (fearsome_rules.action_to_json).", defs)


def record_schema() -> dict[str, Any]:
    """A game record's JSON (:meth:`fearsome_rules.GameRecord.to_json`)."""
    schema = _object(record.RecordDoc, "GameRecordJSON")
    schema["description"] = (
        "A game record (fearsome-rules/record): how the game began and its actions in notation."
    )
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema}


def schemas() -> dict[str, dict[str, Any]]:
    """Every schema the package ships, by file name."""
    out = {
        f"{name}.schema.json": json.loads(
            (ROOT / "conformance" / f"{name}.schema.json").read_text("utf-8")
        )
        for name in COPIED
    }
    out["events.schema.json"] = events_schema()
    out["action.schema.json"] = action_schema()
    out["record.schema.json"] = record_schema()
    return out


_SEMVER_TAGS = {"a": "alpha", "b": "beta"}


def npm_version(version: str) -> str:
    """The npm (semver) spelling of a Python version: ``0.3.0.dev0`` is ``0.3.0-dev.0``,
    ``1.0.0rc2`` is ``1.0.0-rc.2``; a release is the same in both (npm refuses PEP 440's
    spelling of a pre-release)."""
    m = re.fullmatch(r"(\d+\.\d+\.\d+)(?:\.?(dev|a|b|rc)(\d+))?", version)
    if m is None:
        raise site.SiteError(f"{version!r}: not a version the npm package can carry (X.Y.Z[.devN])")
    release, tag, n = m.groups()
    if tag is None:
        return release
    return f"{release}-{_SEMVER_TAGS.get(tag, tag)}.{n}"


def derived(js: Path = JS) -> dict[Path, str]:
    """The checked-in files derived from the Python package: the schemas, package.json."""
    out = {
        js / "schemas" / name: json.dumps(schema, indent=2) + "\n"
        for name, schema in schemas().items()
    }
    doc = json.loads((js / "package.json").read_text("utf-8"))
    doc["version"] = npm_version(metadata.version("fearsome_rules"))
    doc["dependencies"]["pyodide"] = site.PYODIDE_VERSION
    out[js / "package.json"] = json.dumps(doc, indent=2) + "\n"
    return out


def stale(js: Path = JS) -> list[str]:
    """The derived files that differ from what :func:`derived` makes."""
    return [
        path.relative_to(js.parent).as_posix()
        for path, text in derived(js).items()
        if not path.is_file() or path.read_text("utf-8") != text
    ]


def write(js: Path = JS) -> None:
    for path, text in derived(js).items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")


def build(js: Path = JS, log: Any = print) -> None:
    """The wheels and rules.json into ``js``, once the derived files are current."""
    old = stale(js)
    if old:
        raise site.SiteError(f"stale: {', '.join(old)}: run npm run derive in js/ and commit them")
    wheels = js / "wheels"
    shutil.rmtree(wheels, ignore_errors=True)
    # site.wheels makes the engine's wheel without the web page's files (setup.py).
    names = site.wheels(ROOT, wheels, log)
    manifest = {"pyodide": site.PYODIDE_VERSION, "wheels": names}
    (wheels / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", "utf-8")
    (js / "rules.json").write_text(json.dumps(site.rules(ROOT)) + "\n", "utf-8")
    log(f"built the Python side of {js}: {', '.join(names)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--write", action="store_true", help="write js/schemas and js/package.json, nothing else"
    )
    args = parser.parse_args(argv)
    try:
        if args.write:
            write()
        else:
            build()
    except site.SiteError as e:
        print(f"build_js_package: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
