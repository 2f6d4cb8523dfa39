"""``--characters``: the Characters a command starts a game with, named by the
pack's Character boards (``cardforge play``; the replay commands ``cardforge explore``
prints). One option takes a comma-separated list (``--characters Athos,Porthos``) and
may be repeated (``--characters Athos --characters Porthos``); each list is read
against the pack's Character names, so that a name holding a comma (``Porthos, the
Giant``) is matched whole, and a name the pack lacks is a usage error listing the
pack's Characters (docs/runtime.md, ``cardforge play``).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardforge_compiler.report import ConfigError, shown

__all__ = ["character_names", "characters_options"]


def _read(text: str, boards: Sequence[str]) -> list[str]:
    """The names of one ``--characters`` value: at each comma-separated piece, the
    longest run of pieces that is a Character name of ``boards`` (spaces around each
    name ignored), else the piece alone (a name the pack lacks)."""
    pieces = text.split(",")
    known = {name.strip(): name for name in boards}
    names, at = [], 0
    while at < len(pieces):
        for end in range(len(pieces), at, -1):
            candidate = ",".join(pieces[at:end]).strip()
            if candidate in known:
                names.append(known[candidate])
                at = end
                break
        else:
            names.append(pieces[at].strip())
            at += 1
    return names


def character_names(values: Sequence[str], boards: Sequence[str], pack: str = "") -> list[str] | None:
    """The Character names ``--characters`` gives (``values``: the option's values, in
    order; ``()`` when not given: ``None``), read against ``boards`` (the pack's
    Character names, in order). ``ConfigError`` (exit 2) for a name ``boards`` lacks,
    naming the pack's Characters and the nearest one."""
    from cardforge_compiler.diagnostics import did_you_mean

    if not values:
        return None
    names = [name for value in values for name in _read(value, boards)]
    for name in names:
        if name not in boards:
            hint = did_you_mean(name, list(boards))
            where = f"pack {shown(pack)!r}" if pack else "the pack"
            # quoted when a name holds a comma, so that the list reads one way only
            quote = any("," in b for b in boards)
            listed = ", ".join(repr(shown(b)) if quote else shown(b) for b in boards) or "none"
            raise ConfigError(f"--characters: no Character named {shown(name)!r} in {where} (Characters: {listed})"
                              f"{'; ' + hint if hint else ''}")
    return names


def characters_options(names: Sequence[str], boards: Sequence[str]) -> list[str]:
    """The ``--characters`` arguments (unquoted) that :func:`character_names` reads back
    as ``names``: one comma-separated list when that reads back the same, else one
    ``--characters NAME`` per Character (a name holding a comma, read whole)."""
    joined = ",".join(names)
    if _read(joined, boards) == list(names):
        return ["--characters", joined]
    return [word for name in names for word in ("--characters", name)]
