"""Reachability and objectives (board stage, once per pack), on the Characters'
movement graph of each layout (``LayoutIR.graph``: networkx, step costs from the
runtime's ``step_cost``): every Exit area, Search token and Enemy square can be
reached from the Start area (CF714), and every Battle objective can be met on its
layout (CF715).

Rulings: an Exit square is reached when a Character can end a move on it ("When an
Exit Area contains all Characters"); a Search token or an Enemy's square when a
Character can end a move on it or next to it (the rulebook prints no reach for the
Search action; Enemies are fought from an adjacent square). The objectives read are
the rulebook's common ones, as ``cardforge_runtime.format.objective_meet`` reads them
(the grammar ``emit`` writes as ``meet``): ``Reach Exit``, ``Reveal <token>``, ``Defeat <Named
Enemy>`` (``Defeat all Enemies`` is always possible). When the text is close to an
objective the layout allows, the help names it (``checks.objectives.meant_objective``).

Rule sources: Gascony's Legacy, "Move", "Battle Rounds" (Common Battle
Objectives), "Battle Cards - Setup" (3, Search tokens; 7, Exit edges).
"""

from __future__ import annotations

from collections.abc import Iterator

from cardforge_compiler.boards import LayoutIR, square_text
from cardforge_compiler.checks import check
from cardforge_compiler.checks.objectives import layout_objectives, meant_objective
from cardforge_compiler.diagnostics import Diagnostic, listed
from cardforge_compiler.resolve import PackIR
from cardforge_runtime.format import RANDOM_SEARCH_TOKEN, objective_meet

__all__ = ["objectives_possible", "setup_reachable"]



def _squares(squares: list) -> str:
    return listed(square_text(sq) for sq in squares)


def _token(label: str) -> str:
    return f"a '{label}' Search token" if label == RANDOM_SEARCH_TOKEN else f"Search token {label}"


def _exit_reached(layout: LayoutIR, area) -> list:  # noqa: ANN001
    """The squares of Exit area ``area`` no Character can end a move on."""
    return [tuple(sq) for sq in area.squares if not layout.can_end_on(tuple(sq))]


@check("board", "CF714")
def setup_reachable(pack: PackIR) -> Iterator[Diagnostic]:
    """Characters can reach every Exit area, and get onto or next to every Search
    token and every Enemy square, from the Start area."""
    for lid, layout in pack.board_layouts.items():
        if layout.board is None or not any(layout.board.on_map(tuple(sq)) for sq in layout.model.start):
            continue                        # no board (CF701/CF704) or no Start on the map (CF711)
        doc = layout.doc

        def where(path: tuple, doc=doc) -> dict:  # noqa: ANN001
            return pack.board_where(doc, path)

        hint = ("open a way: join the map tiles (the space between them is wall), move the terrain tile in the "
                "way, turn a Railing, or move the square")
        for a, area in enumerate(layout.model.exits):
            missed = [sq for sq in _exit_reached(layout, area) if layout.board.on_map(sq)]
            if missed:
                first = next(i for i, sq in enumerate(area.squares) if tuple(sq) == missed[0])
                yield Diagnostic(
                    "CF714", f"Characters cannot reach Exit square{'s' if len(missed) > 1 else ''} "
                             f"{_squares(missed)} of layout '{lid}' from the Start area",
                    **where(("exits", a, "squares", first)), hint=hint)
        for i, token in enumerate(layout.model.search_tokens):
            sq = tuple(token.at)
            if layout.board.in_grid(sq) and not layout.near_reached(sq):
                yield Diagnostic(
                    "CF714", f"Characters cannot get onto or next to {_token(token.token)} at "
                             f"{square_text(sq)} of layout '{lid}' from the Start area",
                    **where(("search_tokens", i, "at")), hint=hint)
        for a, area in enumerate(layout.model.deployment):
            for i, square in enumerate(area.squares):
                sq = tuple(square.at)
                if layout.board.on_map(sq) and not layout.near_reached(sq):
                    yield Diagnostic(
                        "CF714", f"Characters cannot get onto or next to the '{area.enemy}' deployment square "
                                 f"{square_text(sq)} of layout '{lid}' from the Start area",
                        **where(("deployment", a, "squares", i, "at")), hint=hint)
        for i, named in enumerate(layout.model.named_enemies):
            sq = tuple(named.at)
            if layout.board.on_map(sq) and not layout.near_reached(sq):
                yield Diagnostic(
                    "CF714", f"Characters cannot get next to Named Enemy '{named.name}' at {square_text(sq)} of "
                             f"layout '{lid}' from the Start area", **where(("named_enemies", i, "at")), hint=hint)


def _reveal_problem(pack: PackIR, layout: LayoutIR, label: str) -> str | None:
    tokens = layout.model.search_tokens
    if any(t.token == label for t in tokens):
        return None
    random_squares = sum(t.token == RANDOM_SEARCH_TOKEN for t in tokens)
    box = list(pack.components.model.search_tokens) if pack.components else []
    named = {t.token for t in tokens}
    if random_squares and label in box and label not in named:
        return None                         # a '?' square may hold it
    if random_squares and label not in box:
        return (f"no Search token {label} is placed on layout '{layout.model.id}', and the box has no token "
                f"{label} for its '?' squares")
    return f"no Search token {label} is placed on layout '{layout.model.id}'" + (
        "" if random_squares else " and it has no '?' square")


@check("board", "CF715")
def objectives_possible(pack: PackIR) -> Iterator[Diagnostic]:
    """Each Battle's objectives can be met on the layout it names: ``Reach Exit``
    needs a reachable Exit area, ``Reveal X`` a token X (placed, or left for a
    ``?`` square), ``Defeat <name>`` a Named Enemy of that name."""
    for lid, uses in pack.battles.items():
        layout = pack.board_layouts.get(lid)
        if layout is None:
            continue                        # CF312
        model = layout.model
        for use in uses:
            for text, path in use.objectives():
                text = text.strip().rstrip(".!")
                meet = objective_meet(text)       # the runtime's one grammar (emit writes it as `meet`)
                problem = hint = None
                if meet["kind"] == "reach-exit":
                    if not model.exits:
                        problem = f"layout '{lid}' has no Exit area"
                        hint = "add an Exit area to the layout (`exits: [{squares: [[c, r], ...]}]`)"
                    elif layout.board is not None and all(
                            len(_exit_reached(layout, area)) == len(area.squares) for area in model.exits):
                        problem = f"no Exit area of layout '{lid}' can be reached from the Start area"
                        hint = "open a way to an Exit area (CF714 names the squares)"
                elif meet["kind"] == "reveal":
                    problem = _reveal_problem(pack, layout, meet["token"])
                    hint = f"place the token on the layout (`search_tokens: [{{token: {meet['token']}, at: [c, r]}}]`)"
                elif meet["kind"] == "defeat":
                    name = meet["enemy"]
                    names = [n.name for n in model.named_enemies]
                    if name not in names:
                        problem = f"layout '{lid}' sets up no Named Enemy '{name}'"
                        hint = (f"its Named Enemies are {listed(names)}" if names
                                else f"add `named_enemies: [{{name: {name}, at: [c, r]}}]` to the layout")
                if problem:
                    meant = meant_objective(text, layout_objectives(pack, layout))
                    hint = f"did you mean '{meant}'?" if meant else hint
                    yield Diagnostic("CF715", f"objective '{text}' cannot be met: {problem}",
                                     **use.story.where(path), hint=hint)
