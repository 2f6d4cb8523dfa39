"""Validate any bundle file against the bundle schema (``cardforge check-bundle``).

For front-end developers: a bundle written by cardforge, edited by hand, or made by
another tool. Uses jsonschema (draft 2020-12) with the schemas preloaded into a
``referencing.Registry`` (nothing is fetched from the network).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

__all__ = ["bundle_validator", "check_bundle_data", "check_bundle_file"]


def bundle_validator() -> Any:
    """A ``jsonschema.Draft202012Validator`` for ``bundle.schema.json``."""
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource

    from cardforge_compiler.schema import SCHEMA_BASE, generate_schemas

    schemas = generate_schemas()
    registry = Registry().with_resources(
        (SCHEMA_BASE + name, Resource.from_contents(body)) for name, body in schemas.items()
    )
    return Draft202012Validator(schemas["bundle.schema.json"], registry=registry)


def _where(error: Any) -> str:
    out = "$"
    for part in error.absolute_path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def check_bundle_data(data: Any) -> list[dict[str, str]]:
    """Every schema violation of a loaded bundle: ``[{"path": "$.packs[0]...", "message": ...}]``,
    sorted by path. For a missing property the message names it. First the runtime's
    input limits (``cardforge_runtime.format.check_plain_data``: depth, numbers, text):
    data beyond them is one problem, and the schema is not run on it."""
    from cardforge_runtime.format import PlainDataError, check_plain_data

    try:
        check_plain_data(data)
    except PlainDataError as error:
        return [{"path": error.path, "message": f"{error.reason} (the runtime refuses it before anything else)"}]
    validator = bundle_validator()
    problems = []
    for error in validator.iter_errors(data):
        problems.append({"path": _where(error), "message": error.message})
    return sorted(problems, key=lambda p: (p["path"], p["message"]))


def check_bundle_file(path: Path) -> list[dict[str, str]]:
    """Read and check a bundle file. Unreadable files, bad UTF-8 and bad JSON are
    problems too (with line and column for JSON), never exceptions."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        return [{"path": "$", "message": f"cannot read the file: {exc.strerror or exc}"}]
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_no_constant, object_pairs_hook=_no_duplicates)
    except UnicodeDecodeError as exc:
        return [{"path": "$", "message": f"not UTF-8 (byte offset {exc.start})"}]
    except json.JSONDecodeError as exc:
        return [{"path": "$", "message": f"not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"}]
    except RecursionError:
        from cardforge_runtime.format import MAX_DEPTH

        return [{"path": "$", "message": f"nested more than {MAX_DEPTH} levels deep (the runtime refuses it "
                                         "before anything else)"}]
    except ValueError as exc:  # our hooks, or a number with thousands of digits
        return [{"path": "$", "message": f"not strict JSON: {exc}"}]
    return check_bundle_data(data)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the key {key!r} appears twice in one object")
        out[key] = value
    return out
