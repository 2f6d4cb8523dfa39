"""``cardforge fmt`` changes what a person reads, never what the compiler sees:
idempotent (a property test over the shipped content and the golden inputs, re-indented
and with their keys shuffled), the same data type for type, the same lint diagnostics
on every golden input and byte-identical bundles of the shipped packs."""

from __future__ import annotations

import io
import random
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from cardforge_compiler.fmt import FormatError, _same, format_text
from cardforge_compiler.yaml_data import documents
from _helpers import GOLDEN, SHIPPED, copy_golden, golden_cases

#: Every YAML file of the shipped content and of the golden inputs that loads.
SOURCES = sorted([*SHIPPED.rglob("*.yaml"), *GOLDEN.rglob("*.yaml")])


def _loads(path: Path) -> str | None:
    try:
        text = path.read_text(encoding="utf-8")
        list(documents(text))
        return text
    except Exception:  # noqa: BLE001 - the golden inputs include broken files on purpose
        return None


LOADABLE = [p for p in SOURCES if _loads(p) is not None]


def _messy(text: str, seed: int, mapping: int, offset: int) -> str:
    """``text`` written back with another indentation and the keys of every mapping the
    model orders in a random order, but for the first key of the canonical order (a
    step's kind key stays first: moving another kind key before it would change the
    step). Free-form mappings (``counters``, ``health``) keep their order, as fmt does."""
    from ruamel.yaml import YAML
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    from cardforge_compiler.fmt_order import child_schema, document_schema, item_schema, key_order

    rng = random.Random(seed)
    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.indent(mapping=mapping, sequence=offset + 2, offset=offset)
    yaml.width = 4096
    docs = list(yaml.load_all(text))

    def shuffle(node, schema, root):  # noqa: ANN001, ANN202
        if isinstance(node, CommentedMap):
            if root:
                schema = document_schema(node.get("kind"))
            order, obj = key_order(schema, node)
            if order and obj is not None and obj[0].get("properties"):
                rest = order[1:]
                rng.shuffle(rest)
                items = [(k, node[k]) for k in [order[0], *rest]]
                for k in list(node):
                    del node[k]
                for k, v in items:
                    node[k] = v
            for k in list(node):
                shuffle(node[k], child_schema(obj, k), False)
        elif isinstance(node, CommentedSeq):
            for v in node:
                shuffle(v, item_schema(schema), False)

    for doc in docs:
        shuffle(doc, None, True)
    out = io.StringIO()
    yaml.dump_all(docs, out)
    return out.getvalue()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=[Phase.explicit, Phase.reuse, Phase.generate])
# found by this test: comment lines under a comment line were taken for the continuation of an end-of-line comment
@example(SHIPPED / "gascony" / "decks.yaml", 14585617, 4, 2)
@given(st.sampled_from(LOADABLE), st.integers(0, 2**32), st.sampled_from([2, 3, 4]), st.sampled_from([0, 2, 4]))
def test_fmt_is_idempotent_and_keeps_the_data(path: Path, seed: int, mapping: int, offset: int) -> None:
    original = path.read_text(encoding="utf-8")
    messy = _messy(original, seed, mapping, offset)
    before = list(documents(messy))
    try:
        once = format_text(messy).text
    except FormatError as exc:          # only a file that does not load may be refused
        pytest.fail(f"{path}: {exc.message}")
    assert format_text(once).text == once
    after = list(documents(once))
    assert len(after) == len(before) and all(_same(a, b) for a, b in zip(before, after))
    # the same content formats to the same text, whatever its indentation and key order
    # (comments aside: a shuffle moves them with the keys)
    if "#" not in original:
        assert once == format_text(original).text


def _diagnostics(folder: Path) -> list[tuple[str, str, str]]:
    """What lint reports (without the explorer), line numbers taken out of the
    messages (fmt moves lines; what is reported must not change)."""
    from cardforge_compiler.pipeline import compile_paths

    result = compile_paths([str(folder)], explore_budget=None)
    return sorted((d.code, d.file or "", re.sub(r"(line |:)\d+", r"\1N", d.message)) for d in result.diagnostics)


def test_lint_sees_the_same_on_every_golden_input(tmp_path: Path) -> None:
    """Every golden case (one fault each, broken files included) lints to the same
    diagnostics before and after ``cardforge fmt`` (files that do not load are left alone)."""
    from click.testing import CliRunner

    from cardforge_compiler.cli import cli

    changed = 0
    for case in golden_cases():
        pack = copy_golden(case, tmp_path / case.name)
        before = _diagnostics(pack)
        texts = {p: p.read_bytes() for p in pack.rglob("*.yaml")}
        CliRunner().invoke(cli, ["fmt", str(pack)])
        changed += sum(p.read_bytes() != data for p, data in texts.items())
        assert _diagnostics(pack) == before, case.name
    assert changed >= 90     # 90 of the golden inputs were not in canonical layout when this was written


@pytest.mark.parametrize("name", ["gascony", "descent-props", "enemy-attack"])
def test_bundles_are_byte_identical(name: str, tmp_path: Path) -> None:
    """A shipped pack, made messy (indentation 4, keys shuffled), then formatted, builds
    the very bytes the shipped pack builds."""
    from click.testing import CliRunner

    from cardforge_compiler.cli import cli

    def bundle(folder: Path) -> bytes:
        out = tmp_path / "bundle.json"
        result = CliRunner().invoke(cli, ["build", str(folder), "-o", str(out)])
        assert result.exit_code == 0, result.output
        return out.read_bytes()

    pack = tmp_path / name
    shutil.copytree(SHIPPED / name, pack)
    shipped = bundle(pack)
    for i, path in enumerate(sorted(pack.rglob("*.yaml"))):
        path.write_text(_messy(path.read_text(encoding="utf-8"), i, 4, 2), encoding="utf-8")
    for path in sorted(pack.rglob("*.yaml")):
        path.write_text(format_text(path.read_text(encoding="utf-8")).text, encoding="utf-8")
    assert bundle(pack) == shipped


def _lint(folder: Path) -> tuple[list[tuple[str, str, str]], list[tuple[str, str, str]]]:
    """What lint (without the explorer) reports and what it suppresses, line numbers
    taken out of the messages but for whether a span is one line or several (a CF012
    "on line 9" that became "on lines 6-9" is a change of what a suppression covers)."""
    from cardforge_compiler.pipeline import compile_paths

    def norm(diags):  # noqa: ANN001, ANN202
        return sorted((d.code, d.file or "", re.sub(r"lines \d+-\d+", "lines N-M",
                                                     re.sub(r"(line |:)\d+", r"\1N", d.message))) for d in diags)

    result = compile_paths([str(folder)], explore_budget=None)
    return norm(result.diagnostics), norm(result.suppressed)


def _plant(text: str, rng: random.Random, codes: list[str]) -> str:
    """``text`` with end-of-line and own-line suppression comments naming ``codes`` on
    a few random lines (never inside a block scalar's text: the comment would be text)."""
    from cardforge_compiler.fmt_comments import _scalar_lines

    lines = text.split("\n")
    inside = _scalar_lines(text)
    candidates = [i for i, line in enumerate(lines) if line.strip() and not line.lstrip().startswith("#")
                  and i not in inside and not line.rstrip().endswith(("|", ">", "|-", ">-", "|+", ">+"))]
    for i in sorted(rng.sample(candidates, min(len(candidates), rng.randint(1, 3))), reverse=True):
        comment = f"# cardforge: ignore[{', '.join(rng.sample(codes, min(len(codes), 2)))}]"
        if rng.random() < 0.7:
            lines[i] = f"{lines[i]}  {comment}"
        else:
            indent = len(lines[i]) - len(lines[i].lstrip(" "))
            lines.insert(i, " " * indent + comment)
    return "\n".join(lines)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
          phases=[Phase.explicit, Phase.reuse, Phase.generate])
# fails when fmt's suppression guard is taken out (a planted fault): a comment moves onto a card's first line
@example(GOLDEN / "outside-grid", 2855051695)
@example(GOLDEN / "not-utf8", 279532)
@given(st.sampled_from(golden_cases()), st.integers(0, 2**32))
def test_fmt_keeps_what_lint_reports_and_suppresses(tmp_path_factory: pytest.TempPathFactory, case: Path,
                                                   seed: int) -> None:
    """A golden case, made messy (keys shuffled, other indentation), with suppression
    comments planted on random lines (naming the codes the case reports): lint reports
    and suppresses the same diagnostics before and after ``cardforge fmt`` (a file fmt
    refuses is left as it is)."""
    rng = random.Random(seed)
    pack = copy_golden(case, tmp_path_factory.mktemp("case") / case.name)
    codes = sorted({d[0] for d in _lint(pack)[0]}) + ["CF402"]
    for path in sorted(pack.rglob("*.yaml")):
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:      # not-utf8: a file lint refuses, left as it is
            continue
        try:
            messy = _plant(_messy(text, seed, rng.choice([2, 4]), rng.choice([0, 2])), rng, codes)
            list(documents(messy))
        except Exception:  # noqa: BLE001 - broken inputs stay as they are
            continue
        path.write_text(messy, encoding="utf-8")
    before = _lint(pack)
    for path in sorted(pack.rglob("*.yaml")):
        try:
            path.write_text(format_text(path.read_text(encoding="utf-8")).text, encoding="utf-8")
        except (FormatError, UnicodeDecodeError):
            pass
    assert _lint(pack) == before
