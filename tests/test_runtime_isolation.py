"""The runtime imports only the standard library, and never the compiler."""

from __future__ import annotations

import ast
import sys

from _helpers import ROOT


def test_runtime_imports_only_the_standard_library() -> None:
    allowed = set(sys.stdlib_module_names) | {"cardforge_runtime", "__future__"}
    offenders = []
    for path in sorted((ROOT / "runtime" / "cardforge_runtime").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] not in allowed]
    assert offenders == []
