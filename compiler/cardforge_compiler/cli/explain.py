"""``cardforge explain CODE``: what a diagnostic code means, an example and how to
fix it, from the diagnostics registry (:mod:`cardforge_compiler.codes`, the same data
docs/diagnostics.md is generated from)."""

from __future__ import annotations

from typing import Any

import click

from cardforge_compiler.report import ConfigError

__all__ = ["explain"]


@click.command()
@click.argument("code", required=False)
@click.option("--list", "list_codes", is_flag=True, help="List every code: code, severity, name and summary.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="Output format.")
def explain(code: str | None, list_codes: bool, fmt: str) -> None:
    """Explain a diagnostic CODE (CF402) or name (dead-end), in any case: its
    severity, the version it was first reported in, what it means, an example and
    how to fix it.

    \b
    Example:
      cardforge explain CF402
      cardforge explain dead-end --format json
      cardforge explain --list
    """
    import json

    from cardforge_compiler.codes import CODES, lookup, suggest

    if list_codes:
        if code is not None:
            raise click.UsageError("give a CODE or --list, not both")
        if fmt == "json":
            click.echo(json.dumps([_brief(c) for c in CODES.values()], indent=2, ensure_ascii=False))
            return
        width = max(len(c.name) for c in CODES.values())
        for c in CODES.values():
            click.echo(f"{c.code}  {c.severity.value:<7}  {c.name:<{width}}  {c.summary}")
        return
    if code is None:
        raise click.UsageError("give a diagnostic CODE (such as CF402) or name (such as dead-end), or --list")
    found = lookup(code)
    if found is None:
        near = suggest(code)
        raise ConfigError(f"no diagnostic code or name '{code}'" + (f": {near}" if near else "")
                          + " (`cardforge explain --list` lists them)")
    if fmt == "json":
        click.echo(json.dumps(_full(found), indent=2, ensure_ascii=False))
        return
    click.echo(_text(found))


def _brief(c: Any) -> dict[str, Any]:
    return {"code": c.code, "name": c.name, "severity": c.severity.value, "since": c.since, "stage": c.stage,
            "summary": c.summary, "url": c.url}


def _file_text(example: Any, name: str) -> str:
    """The text shown for one file of an example: its ``show`` text, else its text
    (bytes that are not UTF-8 decoded with replacement characters)."""
    body = example.files[name]
    if name in example.show:
        return example.show[name]
    return body if isinstance(body, str) else body.decode("utf-8", errors="replace")


def _full(c: Any) -> dict[str, Any]:
    """Everything ``--format json`` prints for one code."""
    return {**_brief(c), "template": c.template, "explanation": c.explanation, "fix": c.fix,
            "examples": [{"files": {name: _file_text(ex, name) for name in ex.files},
                          "demo_manifest": ex.pack and "demo/pack.yaml" not in ex.files,
                          "command": "cardforge " + " ".join(ex.cmd), "note": ex.note, "after": ex.after,
                          "also": list(ex.also)} for ex in c.examples]}


def _heading(text: str) -> str:
    return click.style(text, bold=True)


def _text(c: Any) -> str:
    """``cardforge explain CODE``'s text: the code's heading line, summary, message,
    what it means, the first example (files and command), how to fix it, and the link
    to its page."""
    out = [_heading(f"{c.code} {c.name}") + f": {c.severity.value}, since {c.since}, stage {c.stage}",
           c.summary, ""]
    if c.template:
        out += [f"Message: {c.template}", ""]
    out += [_heading("What it means"), c.explanation, ""]
    if c.examples:
        ex = c.examples[0]
        out.append(_heading("Example"))
        if ex.note:
            out.append(ex.note)
        if ex.pack and "demo/pack.yaml" not in ex.files:
            out.append("(with the demo manifest demo/pack.yaml of docs/diagnostics.md)")
        for name in ex.only or tuple(ex.files):
            out += [f"{name}:", *("    " + line for line in _file_text(ex, name).splitlines())]
        for folder in ex.dirs:
            out.append(f"(an empty folder {folder}/)")
        out.append("$ cardforge " + " ".join(ex.cmd))
        out.append(f"reports {c.code}" + (f" (and {', '.join(ex.also)})" if ex.also else ""))
        if ex.after:
            out += ["", ex.after]
        out.append("")
    out += [_heading("How to fix"), c.fix, "", f"See: {c.url}"]
    return "\n".join(out)
