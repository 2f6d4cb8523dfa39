"""Setup squares (board stage, once per pack): for each number of Characters a game
of the pack may have (Solo Play counting as ``players.solo_characters``), the pieces
set up: each Start, deployment and Named Enemy square is on the map and on terrain
its figure may enter and stop on, and each Search token on a square Characters may
(CF711); no two pieces, and no two Search tokens, share a square (CF712); a layout
has a Start square for each Character of the pack's largest party (CF713).

Rule sources: Gascony's Legacy, "Battle Cards - Setup" (4: "Place Enemies in any
square with a number equal to or less than the number of characters"; 5: Named
Enemy standees; 6: "Players place their Character standees in any of the available
spaces"), "Solo Play", "Move", "Enemy Turn" ("Enemies never climb on top of Terrain
Tiles that grant the Elevated effect"), Battle objectives ("Reveal A/B/C: If you use
a Search action to reveal a Search token": a token no Character can stand on, or one
stacked on another, is never revealed as placed; docs/rulings.md, "Search tokens").
"""

from __future__ import annotations

from collections.abc import Iterator

from cardforge_compiler.boards import deployed, square_text
from cardforge_compiler.checks import check
from cardforge_compiler.checks.board import party_sizes
from cardforge_compiler.diagnostics import Diagnostic
from cardforge_compiler.resolve import PackIR
from cardforge_runtime.board_fields import RANDOM_SEARCH_TOKEN

__all__ = ["enough_start_squares", "one_piece_per_square", "setup_squares_passable"]


def _pieces(layout) -> Iterator[tuple[tuple, tuple[int, int], str, int, str]]:  # noqa: ANN001
    """``(path, square, what, from how many Characters, mover)`` for each piece a
    layout sets up: Start squares (a Character each), deployment squares, Named
    Enemies."""
    model = layout.model
    for i, sq in enumerate(model.start):
        yield ("start", i), tuple(sq), "a Start square", 1, "character"
    for a, area in enumerate(model.deployment):
        for i, square in enumerate(area.squares):
            yield (("deployment", a, "squares", i, "at"), tuple(square.at), f"a '{area.enemy}' token",
                   square.players, "enemy")
    for i, named in enumerate(model.named_enemies):
        yield ("named_enemies", i, "at"), tuple(named.at), f"Named Enemy '{named.name}'", 1, "enemy"


def _tokens(layout) -> Iterator[tuple[tuple, tuple[int, int], str, int, str]]:  # noqa: ANN001
    """The Search tokens of a layout as pieces (placed for any number of Characters;
    Characters reveal them)."""
    for i, token in enumerate(layout.model.search_tokens):
        what = (f"a '{token.token}' Search token" if token.token == RANDOM_SEARCH_TOKEN
                else f"Search token {token.token}")
        yield ("search_tokens", i, "at"), tuple(token.at), what, 1, "character"


@check("board", "CF711")
def setup_squares_passable(pack: PackIR) -> Iterator[Diagnostic]:
    """Each Start, deployment and Named Enemy square is on a map tile, on terrain its
    figure (a Character, an Enemy) may enter and end a move on; each Search token on
    a square Characters may enter and end a move on."""
    for lid, layout in pack.board_layouts.items():
        if layout.board is None:
            continue
        for path, sq, what, _players, mover in [*_pieces(layout), *_tokens(layout)]:
            rule = layout.rule(sq)
            if rule is None:
                continue                    # outside the grid: CF704
            figure = "Characters" if mover == "character" else "Enemies"
            if not rule.on_map:
                problem, hint = "is a wall (no map tile covers it)", "move it onto a map tile"
            elif not (rule.characters if mover == "character" else rule.enemies):
                keywords = ", ".join(layout.board.square_keywords(sq))
                problem = f"lies on terrain {figure} may not enter ({keywords})"
                hint = "move it to a square its figure may stand on, or move the terrain tile"
            elif not rule.stop:
                keywords = ", ".join(layout.board.square_keywords(sq))
                problem = f"lies on terrain no figure may stop on ({keywords})"
                hint = "move it to a square a figure may end its move on"
            else:
                continue
            yield Diagnostic("CF711", f"{what} of layout '{lid}' at {square_text(sq)} {problem}",
                             **pack.board_where(layout.doc, path), hint=hint)


@check("board", "CF712")
def one_piece_per_square(pack: PackIR) -> Iterator[Diagnostic]:
    """For each number of Characters, no two pieces (Start squares, the Enemies
    placed, Named Enemies) are set up on the same square."""
    largest = party_sizes(pack)[-1]
    for lid, layout in pack.board_layouts.items():
        placed = {(d.area, d.index) for d in deployed(layout.model, largest)}
        first: dict[tuple[int, int], tuple[tuple, str, int]] = {}
        for path, sq, what, players, _mover in sorted(_pieces(layout), key=lambda p: p[3]):
            if path[0] == "deployment" and (path[1], path[3]) not in placed:
                continue                    # never placed in a game of this pack
            if sq in first:
                other_path, other, _ = first[sq]
                when = "" if players <= 1 else f" with {players} or more Characters"
                both = f"two {what[2:]}s" if what == other and what.startswith("a ") else f"{what} and {other}"
                yield Diagnostic(
                    "CF712", f"{both} of layout '{lid}' are both set up on {square_text(sq)}{when}",
                    **pack.board_where(layout.doc, path),
                    see=(layout.doc.source.display, layout.doc.index, other_path),
                    hint="one square holds one piece: move one of them")
            else:
                first[sq] = (path, what, players)
        tokens: dict[tuple[int, int], tuple[tuple, str]] = {}
        for path, sq, what, _players, _mover in _tokens(layout):
            if sq in tokens:
                other_path, other = tokens[sq]
                both = f"two {what[2:]}s" if what == other and what.startswith("a ") else f"{what} and {other}"
                yield Diagnostic(
                    "CF712", f"{both} of layout '{lid}' are both set up on {square_text(sq)}",
                    **pack.board_where(layout.doc, path),
                    see=(layout.doc.source.display, layout.doc.index, other_path),
                    hint="one square holds one Search token: move one of them")
            else:
                tokens[sq] = (path, what)


@check("board", "CF713")
def enough_start_squares(pack: PackIR) -> Iterator[Diagnostic]:
    """A layout has at least as many Start squares as the pack's largest party."""
    largest = party_sizes(pack)[-1]
    for lid, layout in pack.board_layouts.items():
        squares = {tuple(sq) for sq in layout.model.start}
        if len(squares) < largest:
            yield Diagnostic(
                "CF713", f"layout '{lid}' has {len(squares)} Start square{'s' if len(squares) != 1 else ''}, but a "
                         f"party of this pack may have {largest} Characters",
                **pack.board_where(layout.doc, ("start",)),
                hint=f"add Start squares until there are {largest}: each Character is set up on its own square")
