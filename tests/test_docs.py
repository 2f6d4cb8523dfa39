"""Documentation covers what the code defines."""

from __future__ import annotations

import re

from cardforge_compiler.checks import CHECKS
from cardforge_compiler.diagnostics import RULES
from cardforge_compiler.model import STEP_KINDS
from _helpers import ROOT


def test_every_code_has_a_section_with_the_fixed_headings() -> None:
    text = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (CF\d{3}) ([a-z0-9-]+)$", text, flags=re.M)
    assert headings == [(code, rule.name) for code, rule in RULES.items()]
    for section in re.split(r"^## CF\d{3} ", text, flags=re.M)[1:]:
        for heading in ("### What it means", "### Example", "### How to fix"):
            assert heading in section, section.splitlines()[0]


def test_every_step_kind_is_documented() -> None:
    text = (ROOT / "docs" / "format.md").read_text(encoding="utf-8")
    for kind in STEP_KINDS:
        assert f"| `{kind}` |" in text, kind


def test_every_check_reports_registered_codes_and_every_code_has_an_owner() -> None:
    owned = {code for chk in CHECKS for code in chk.codes}
    # CF825: a malformed Attack Pattern grid, found when its card is validated
    load_and_validate = {c for c in RULES if c[:3] in ("CF0", "CF1")} | {"CF302", "CF825"}
    assert owned | load_and_validate == set(RULES)


def test_diagnostics_page_is_up_to_date() -> None:
    """docs/diagnostics.md shows real output of every example: regenerate with `make docs`."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, str(ROOT / "docs" / "tools" / "build_doc.py"), "--check"],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
