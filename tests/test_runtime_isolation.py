"""The runtime imports only the standard library, and never the compiler; the
compiler uses only the runtime's public API."""

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


def _private_runtime_imports(root) -> list[str]:  # noqa: ANN001
    """``file:line: module.name`` for each import under ``root`` of an underscore name
    from ``cardforge_runtime`` (a private helper, or a private module)."""
    offenders = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                pairs = [(alias.name, "") for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                pairs = [(node.module, alias.name) for alias in node.names]
            else:
                continue
            for module, name in pairs:
                parts = module.split(".")
                if parts[0] == "cardforge_runtime" and any(p.startswith("_") for p in [*parts[1:], name]):
                    offenders.append(f"{path.relative_to(root).as_posix()}:{node.lineno}: {module}{'.' + name if name else ''}")
    return offenders


def test_the_compiler_imports_no_private_name_of_the_runtime(tmp_path) -> None:  # noqa: ANN001
    """The runtime owns the format and the rules; the compiler reaches them through
    public, documented names only (house rule: nothing written twice, no private
    coupling). The scan itself catches a planted private import."""
    assert _private_runtime_imports(ROOT / "compiler" / "cardforge_compiler") == []
    (tmp_path / "planted.py").write_text(
        "from cardforge_runtime.board.grid import Board, _footprint\nimport cardforge_runtime._x\n", encoding="utf-8")
    assert _private_runtime_imports(tmp_path) == [
        "planted.py:1: cardforge_runtime.board.grid._footprint", "planted.py:2: cardforge_runtime._x"]


def test_runtime_plays_with_the_standard_library_alone() -> None:
    """Run the runtime from its folder with no site-packages at all (`python -S`):
    load the shipped Act I Battle transcript's bundle and play it to Victory, its
    Battles played by the engine."""
    import subprocess

    script = """
import json, sys
sys.path.insert(0, "runtime")
from cardforge_runtime import Session, load_bundle
case = json.load(open("tests/conformance/battles-act-1.transcript.json", encoding="utf-8"))
setup = case["setup"]
session = Session.start(load_bundle("tests/conformance/" + case["bundle"]), "act-1", players=setup["players"],
                        characters=setup["characters"], seed=setup["seed"], difficulty=setup["difficulty"],
                        battles=setup["battles"])
for step in case["steps"]:
    session.answer(step["answer"])
print(session.pending["result"], sorted(m for m in sys.modules if m.startswith(("pydantic", "click", "cardforge_compiler"))))
"""
    result = subprocess.run([sys.executable, "-S", "-c", script], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "victory []"
