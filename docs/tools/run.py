"""Run every example of docs/diagnostics.md through the real `cardforge lint`."""
import os
import shutil
import subprocess
import sys
import tempfile
sys.path.insert(0, os.path.dirname(__file__))
from cases import CASES, PACK
CF = os.path.join(os.path.dirname(sys.executable), "cardforge")
def run_all():
    out = {}
    ROOT = tempfile.mkdtemp(prefix="cardforge-doc-examples-")
    for code, c in CASES.items():
        d = os.path.join(ROOT, code)
        os.makedirs(d)
        for sub in c["dirs"]:
            os.makedirs(os.path.join(d, sub), exist_ok=True)
        if c["pack"]:
            os.makedirs(os.path.join(d, "demo"), exist_ok=True)
            open(os.path.join(d, "demo/pack.yaml"), "w").write(PACK)
        for name, body in c["files"].items():
            os.makedirs(os.path.dirname(os.path.join(d, name)), exist_ok=True)
            mode = "wb" if isinstance(body, bytes) else "w"
            with open(os.path.join(d, name), mode) as f:
                f.write(body)
        p = subprocess.run([CF, *c["cmd"]], cwd=d, capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"})
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
