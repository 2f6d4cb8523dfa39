"""Port codes written in the former format into the registry's (cardforge_compiler.codes).

The former format spread a code over three files: a ``rule(code, name, severity,
summary)`` line in compiler/cardforge_compiler/diagnostics.py, a ``d(code, stage,
means, fix, after=...)`` entry in docs/tools/prose.py and a ``case(code, files, ...)``
(or ``board_case``/``deck_case``/``demo_case``) in docs/tools/cases.py. Given those
three files (e.g. from another branch: ``git show BRANCH:docs/tools/prose.py >
/tmp/prose.py``), this prints one ``code(...)`` call per code that is not registered
yet (or per CODE named), ready to paste into its family's module
(``codes/cf0xx.py`` ...). Fill in ``template`` (the message with ``{placeholders}``),
add the names it uses to the module's imports, and run tests/test_codes.py.

    .venv/bin/python docs/tools/port_codes.py --diagnostics /tmp/diagnostics.py \
        --prose /tmp/prose.py --cases /tmp/cases.py [CF011 CF012 ...]
"""
import argparse
import ast
import sys

from cardforge_compiler.codes import CODES


def _calls(source, names):
    """``{code: call node}`` for each top-level call ``name("CFnnn", ...)`` of ``names``."""
    out = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in names and node.args \
                and isinstance(node.args[0], ast.Constant) and str(node.args[0].value).startswith("CF"):
            out[node.args[0].value] = node
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--diagnostics", required=True)
    parser.add_argument("--prose", required=True)
    parser.add_argument("--cases", required=True)
    parser.add_argument("codes", nargs="*")
    args = parser.parse_args()
    sources = {name: open(getattr(args, name), encoding="utf-8").read() for name in ("diagnostics", "prose", "cases")}
    rules = _calls(sources["diagnostics"], {"rule"})
    prose = _calls(sources["prose"], {"d"})
    cases = _calls(sources["cases"], {"case", "board_case", "deck_case", "demo_case"})
    wanted = args.codes or [code for code in rules if code not in CODES]
    seg = ast.get_source_segment
    for code in wanted:
        if code not in rules:
            sys.exit(f"{code}: no rule(...) line in {args.diagnostics}")
        r = rules[code]
        name, severity, summary = (seg(sources["diagnostics"], a) for a in r.args[1:4])
        lines = [f'code("{code}", {name}, {severity},', f"     summary={summary},", '     template="",  # TODO: the message, {placeholders} for what varies']
        after = None
        if code in prose:
            p = prose[code]
            parts = [seg(sources["prose"], a) for a in p.args[1:]]
            keywords = {k.arg: seg(sources["prose"], k.value) for k in p.keywords}
            stage, means, fix = (parts + [None, None, None])[:3]
            stage, means, fix = keywords.get("stage", stage), keywords.get("means", means), keywords.get("fix", fix)
            after = keywords.get("after", parts[3] if len(parts) > 3 else None)
            lines += [f"     stage={stage},", f"     explanation={means},", f"     fix={fix},"]
        else:
            lines.append("     # TODO: stage, explanation, fix (no d(...) entry found)")
        if code in cases:
            c = cases[code]
            kind = {"case": "example", "board_case": "board_example", "deck_case": "deck_example",
                    "demo_case": "demo_example"}[c.func.id]
            rest = [seg(sources["cases"], a) for a in c.args[1:]]
            if kind == "deck_example":           # deck_case(code, file, old, new) -> deck_example(file, (old, new))
                rest = [rest[0], f"({rest[1]}, {rest[2]})"]
            rest += [(f"{k.arg}=" if k.arg else "**") + seg(sources["cases"], k.value) for k in c.keywords]
            if after:
                rest.append(f"after={after}")
            lines.append(f"     examples=[{kind}({', '.join(rest)})])")
        else:
            lines.append("     examples=[])  # TODO: an example (no case(...) found)")
        print("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
