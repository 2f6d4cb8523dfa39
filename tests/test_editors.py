"""Editor support: `.vscode/settings.json` associates the schemas with the content
files (and each association validates what it matches), every shipped modeline
names the schema of its file's kind, and docs/editors.md agrees with both."""

from __future__ import annotations

import json
from pathlib import Path

from jsonschema import Draft7Validator
from referencing import Registry, Resource
from referencing.exceptions import NoSuchResource
from referencing.jsonschema import DRAFT7
from ruamel.yaml import YAML

from _helpers import ROOT
from cardforge_compiler.scaffold import SCHEMA_URL

SETTINGS = ROOT / ".vscode" / "settings.json"
SCHEMAS = ROOT / "schemas"


def _draft7(schema_file: Path) -> Draft7Validator:
    """The schema as VS Code's YAML extension applies it: draft-07 (``$schema``
    dropped), references resolved as files of the same folder, offline."""

    def read(path: Path) -> dict:
        schema = json.loads(path.read_text(encoding="utf-8"))
        schema.pop("$schema", None)
        return schema

    def retrieve(uri: str) -> Resource:
        if "/" in uri or ":" in uri or not (schema_file.parent / uri).is_file():
            raise NoSuchResource(ref=uri)
        return Resource(read(schema_file.parent / uri), DRAFT7)

    return Draft7Validator(read(schema_file), registry=Registry(retrieve=retrieve))


def _json_like(value):  # noqa: ANN001, ANN202
    """What an editor sees: mapping keys are text (`1:` under `health:` is the key "1")."""
    if isinstance(value, dict):
        return {str(k): _json_like(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_json_like(v) for v in value]
    return value


def _documents(path: Path) -> list:
    return [_json_like(d) for d in YAML(typ="safe").load_all(path.read_text(encoding="utf-8")) if d is not None]


def test_vscode_settings_associate_every_content_file_with_a_schema_that_accepts_it():
    settings = json.loads(SETTINGS.read_text(encoding="utf-8"))
    assert settings["yaml.yamlVersion"] == "1.2" and settings["[yaml]"]["editor.insertSpaces"] is True
    associations = settings["yaml.schemas"]
    covered: set[Path] = set()
    for schema, globs in associations.items():
        schema_file = (ROOT / schema).resolve()
        assert schema_file.is_file() and schema_file.parent == SCHEMAS, schema
        matched = {p for pattern in globs for p in ROOT.glob(pattern)}
        assert matched, (schema, globs)
        covered |= matched
        validator = _draft7(schema_file)
        for path in sorted(p for p in matched if p.is_relative_to(ROOT / "content")):
            for document in _documents(path):
                errors = [e.message for e in validator.iter_errors(document)]
                assert errors == [], (path, errors[:3])
    content = set((ROOT / "content").rglob("*.yaml")) | set((ROOT / "content").rglob("*.yml"))
    assert len(content) == 38 and content <= covered


def test_every_shipped_modeline_names_its_files_kind_and_resolves():
    kinds_seen = set()
    for path in sorted((ROOT / "content").rglob("*.yaml")):
        # yaml-language-server reads the modeline among a document's comments, wherever it stands.
        lines = [t for t in path.read_text(encoding="utf-8").splitlines() if t.startswith("# yaml-language-server: $schema=")]
        assert len(lines) == 1, path
        target = (path.parent / lines[0].split("$schema=", 1)[1]).resolve()
        assert target.parent == SCHEMAS and target.is_file(), (path, target)
        kinds = {d["kind"] for d in _documents(path)}
        assert target.name in {"document.schema.json"} | {f"{k}.schema.json" for k in kinds}, (path, target.name)
        if target.name != "document.schema.json":
            assert len(kinds) == 1, path
        kinds_seen |= kinds
    assert len(kinds_seen) == 10


def test_the_editors_page_shows_the_settings_and_the_published_url():
    page = (ROOT / "docs" / "editors.md").read_text(encoding="utf-8")
    settings = json.loads(SETTINGS.read_text(encoding="utf-8"))
    for schema, globs in settings["yaml.schemas"].items():
        assert f'"{schema}": {json.dumps(globs)}' in page
    assert f"$schema={SCHEMA_URL}story.schema.json" in page
    assert json.loads((ROOT / ".vscode" / "extensions.json").read_text(encoding="utf-8")) == {
        "recommendations": ["redhat.vscode-yaml"]}


def test_the_editors_page_example_runs_clean(tmp_path, monkeypatch):  # noqa: ANN001
    """The ```sh block of docs/editors.md's `cardforge new` section, run as written in
    an empty folder: every command exits 0 (play is left to tests/test_scaffold.py)."""
    import re
    import shlex

    from click.testing import CliRunner

    from cardforge_compiler.cli import cli

    page = (ROOT / "docs" / "editors.md").read_text(encoding="utf-8")
    block = re.search(r"```sh\n(cardforge new pack .*?)```", page, re.S).group(1)
    commands = [shlex.split(line.split("  #", 1)[0]) for line in block.splitlines()]
    assert [c[1] for c in commands] == ["new", "new", "new", "new", "lint", "build", "play"]
    monkeypatch.chdir(tmp_path)
    for words in commands[:-1]:
        result = CliRunner().invoke(cli, words[1:])
        assert result.exit_code == 0, (words, result.output)
    assert sorted(p.relative_to(tmp_path).as_posix() for p in (tmp_path / "build").rglob("*.yaml")) == [
        "build/my-pack/cellar.yaml", "build/my-pack/components.yaml", "build/my-pack/decks/supplies.yaml",
        "build/my-pack/layouts/cellar.yaml", "build/my-pack/pack.yaml", "build/my-pack/second-story.yaml",
        "build/my-pack/story.yaml"]
