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


def test_runtime_plays_with_the_standard_library_alone() -> None:
    """Run the runtime from its folder with no site-packages at all (`python -S`):
    load the shipped Act I transcript's bundle and play it to Victory."""
    import subprocess

    script = """
import json, sys
sys.path.insert(0, "runtime")
from cardforge_runtime import Session, load_bundle
case = json.load(open("tests/conformance/act-1.transcript.json", encoding="utf-8"))
session = Session.start(load_bundle("tests/conformance/" + case["bundle"]), "act-1", players=case["setup"]["players"],
                        characters=case["setup"]["characters"], seed=case["setup"]["seed"])
for step in case["steps"]:
    session.answer(step["answer"])
print(session.pending["result"], sorted(m for m in sys.modules if m.startswith(("pydantic", "click", "cardforge_compiler"))))
"""
    result = subprocess.run([sys.executable, "-S", "-c", script], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "victory []"
