"""Run the first example of every registered code (cardforge_compiler.codes) through
the real `cardforge lint`, for docs/diagnostics.md."""
import os
import shutil
import subprocess
import sys
import tempfile

from cardforge_compiler.codes import CODES, write_example

CF = os.path.join(os.path.dirname(sys.executable), "cardforge")


def run_all():
    out = {}
    ROOT = tempfile.mkdtemp(prefix="cardforge-doc-examples-")
    for code, entry in CODES.items():
        if not entry.examples:
            continue
        ex = entry.examples[0]
        d = os.path.join(ROOT, code)
        os.makedirs(d)
        write_example(ex, d)
        p = subprocess.run([CF, *ex.cmd], cwd=d, capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"})
        lines = p.stdout.rstrip("\n").split("\n")
        explorer = lines.pop() if lines[-1].startswith("state explorer: ") else None
        summary = lines[-1]
        diag = "\n".join(lines[:-1])
        out[code] = dict(stdout=p.stdout, diag=diag, summary=summary, explorer=explorer, rc=p.returncode,
                         stderr=p.stderr)
    shutil.rmtree(ROOT, ignore_errors=True)
    return out


if __name__ == "__main__":
    res = run_all()
    for code, r in res.items():
        ok = f": {code} " in r["diag"]
        print(("OK " if ok else "MISSING ") + code, "rc", r["rc"])
        print(r["diag"])
        if r["stderr"]:
            print("STDERR", r["stderr"])
