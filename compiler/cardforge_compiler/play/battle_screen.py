"""What ``cardforge play`` shows in a Battle: the board, each Battle request with its
legal options numbered, and the events (the Enemy turn step by step) in words.

Battle requests and events are the runtime's (docs/runtime.md, "Battle rounds",
"Attacks", "The Enemy turn", "Terrain actions", "Stones of Chance and abilities").
Options are numbered from 1 in the request's order; :func:`turn_choices` is the one
numbering of a ``turn`` request, which the screen prints and the keyboard reads.
Bundle text is shown with control characters escaped, after a mark of ours.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from cardforge_compiler.play.battle_events import BattleNarration, square_text
from cardforge_compiler.play.board import battle_picture, figure_names
from cardforge_compiler.report import plural, shown

__all__ = ["BattleScreen", "Choice", "turn_choices"]

#: ``(label, answer, needs)``: one numbered option of a ``turn`` request; ``needs``
#: names what the keyboard still asks (``"facing"`` for a Move, ``"trade"`` for the
#: cards exchanged), else ``None``.
Choice = tuple[str, dict[str, Any], str | None]

BATTLE_KINDS = ("deploy", "prepare", "stones", "turn", "assign", "pips", "defend")


_sq = square_text


def turn_choices(request: dict[str, Any], name: Any, tile: Any) -> list[Choice]:
    """The numbered options of a ``turn`` request, in its order: each Move square (with
    its cost), each Action (one per ally, tile, square), each Attack (a Melee Weapon
    attacks all its targets; a Ranged one a chosen target; a tile target), each Stone
    of Chance option, each kept card to use, Exit, each objective, End.

    Args:
        request: the ``turn`` request.
        name: figure id -> its name (``str``).
        tile: placed terrain tile index -> its name.
    """
    out: list[Choice] = []
    for option in request["options"]:
        do = option["do"]
        if do == "move":
            for square in option["squares"]:
                if square["cost"] == 0:
                    continue                       # standing still: only a turn in place
                out.append((f"Move to {_sq(square['to'])}, {plural(square['cost'], 'point')}",
                            {"do": "move", "to": square["to"]}, "facing"))
            here = next((s for s in option["squares"] if s["cost"] == 0), None)
            if here is not None:
                out.append((f"Turn in place at {_sq(here['to'])}", {"do": "move", "to": here["to"]}, "facing"))
        elif do == "action":
            action = option["action"]
            if action in ("rescue", "trade"):
                for figure in option["figures"]:
                    out.append((f"{action.capitalize()}: {name(figure)}",
                                {"do": "action", "action": action, "figure": figure},
                                "trade" if action == "trade" else None))
            elif action == "interact":
                for t in option["tiles"]:
                    challenge = t.get("challenge")
                    test = (f", {challenge['successes']}-{challenge['stat']} Challenge" if challenge else "")
                    out.append((f"Interact: {t['name']} ({tile(t['tile'])} tile {t['tile']}{test})",
                                {"do": "action", "action": "interact", "tile": t["tile"], "name": t["name"]}, None))
            elif action == "search":
                for at in option["squares"]:
                    out.append((f"Search the token at {_sq(at)}", {"do": "action", "action": "search", "at": at}, None))
            elif action in ("talent", "support"):
                out.append((f"{action.capitalize()}: {option.get('name', '')}",
                            {"do": "action", "action": action}, None))
            else:
                out.append((action.capitalize(), {"do": "action", "action": action}, None))
        elif do == "attack":
            for weapon in option["weapons"]:
                targets = ", ".join(name(t) for t in weapon["targets"])
                kind = weapon.get("attack", "melee")
                if weapon["targets"] and kind == "ranged":
                    for target in weapon["targets"]:
                        out.append((f"Attack with {weapon['name']} (ranged): {name(target)}",
                                    {"do": "attack", "weapon": weapon["card"], "target": target}, None))
                elif weapon["targets"]:
                    out.append((f"Attack with {weapon['name']} ({kind}): {targets}",
                                {"do": "attack", "weapon": weapon["card"]}, None))
                for t in weapon.get("tiles", []):
                    out.append((f"Attack with {weapon['name']}: the {tile(t)} (tile {t})",
                                {"do": "attack", "weapon": weapon["card"], "tile": t}, None))
        elif do == "stone":
            for stone in option["stones"]:
                for choice in stone["options"]:
                    out.append((f"Stone of Chance {stone['face']}: {choice['name']}",
                                {"do": "stone", "stone": stone["stone"], "option": choice["option"]}, None))
        elif do == "use":
            for card in option["cards"]:
                out.append((f"Use {card['item']} (discard it; no Action)", {"do": "use", "card": card["card"]}, None))
        elif do == "exit":
            out.append((f"Leave the map by Exit area {option['area'] + 1}", {"do": "exit"}, None))
        elif do == "return":
            for at in option["squares"]:
                out.append((f"Come back from Exit area {option['area'] + 1} to {_sq(at)}", {"do": "return", "to": at},
                            None))
        elif do == "objective":
            for objective in option["objectives"]:
                out.append((f"Declare objective {objective + 1} met", {"do": "objective", "objective": objective},
                            None))
        elif do == "end":
            out.append(("End the turn", {"do": "end"}, None))
    return out


class BattleScreen(BattleNarration):
    """The Battle part of :class:`~cardforge_compiler.play.screen.Screen` (a mixin:
    it uses the screen's ``session``, ``who`` and ``names``)."""

    session: Any
    names: list[str]
    figures: dict[int, str]

    def who(self, index: int | None) -> str:  # pragma: no cover - the Screen's
        raise NotImplementedError

    # -- names ----------------------------------------------------------------

    def remember_figures(self) -> None:
        """Learn the names of the figures on the board now (a Defeated Enemy is named
        after it left it)."""
        battle = self.session.state.get("battle")
        if battle:
            self.figures.update(figure_names(battle, self.session.state["characters"]))

    def fig(self, figure: Any) -> str:
        """A figure id in words."""
        return shown(self.figures.get(figure, f"figure {figure}")) if isinstance(figure, int) else shown(str(figure))

    def tile_name(self, index: Any) -> str:
        battle = self.session.state.get("battle") or {}
        board = self.session.bundle.board(self.session.state["pack"]) or {}
        try:
            return shown(board["layouts"][battle["layout"]]["terrain_tiles"][index]["tile"])
        except (KeyError, IndexError, TypeError):
            return f"tile {index}"

    def choices(self, request: dict[str, Any]) -> list[Choice]:
        return turn_choices(request, self.fig, self.tile_name)

    # -- the board --------------------------------------------------------------

    def show_board(self, again: bool = True) -> None:
        """Draw the Battle as it stands (nothing outside a Battle); with ``again``
        false, only when it changed since it was last drawn."""
        state = self.session.state
        if not state.get("battle"):
            click.echo("  (no Battle on the board)")
            return
        board = self.session.bundle.board(state["pack"])
        unicode = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "") == "utf8"
        picture = battle_picture(board, state["battle"], state["characters"], unicode=unicode)
        if not again and picture == getattr(self, "drawn", None):
            return
        self.drawn = picture
        click.echo()
        battle = state["battle"]
        click.secho(f"── Battle, round {battle['round']} ({battle['phase']}) ──", bold=True)
        for line in picture.rstrip("\n").split("\n"):
            click.echo("  " + line)

    # -- requests ----------------------------------------------------------------

    def show_battle(self, request: dict[str, Any]) -> bool:
        """Show a Battle request; ``False`` when ``request`` is not one of them."""
        kind = request["kind"]
        self.remember_figures()
        if kind == "deploy":
            self.show_board(again=False)
            click.echo()
            click.secho(f"Setup: where does {self.who(request['character'])} start? (a Start square, then a facing)",
                        bold=True)
            click.echo("  " + "  ".join(f"{n}. {_sq(sq)}" for n, sq in enumerate(request["squares"], 1)))
        elif kind == "prepare":
            click.echo()
            click.secho(f"Prepare: {self.who(request['character'])} equips Weapons (at most one primary and one "
                        f"secondary{', ' + plural(request['hands'], 'hand') if request.get('hands') else ''}) "
                        "and may flip the Stance token", bold=True)
            for n, card in enumerate(request["cards"], 1):
                on = " [equipped]" if card["card"] in request["equipped"] else ""
                click.echo(f"  {n}. {shown(card['name'])} ({card['slot']}, {plural(card['hands'], 'hand')}){on}")
            click.echo(f"  Stance: {'flipped' if request['flipped'] else 'not flipped'}")
        elif kind == "stones":
            click.echo()
            click.secho(f"All for One! Round {request['round']}: roll {plural(request['count'], 'Stone')} of Chance",
                        bold=True)
            click.echo("  faces: " + ", ".join(f"{n}. {shown(f)}" for n, f in enumerate(request["faces"], 1)))
        elif kind == "turn":
            self.show_turn(request)
        elif kind == "assign":
            click.echo()
            click.secho(f"{self.who(request['character'])} assigns {plural(request['successes'], 'success')} "
                        f"(dice {' '.join(map(str, request['faces']))}"
                        f"{'' if request['split_sixes'] else '; a 6 is not split'}):", bold=True)
            for n, t in enumerate(request["targets"], 1):
                if t.get("health") is not None:
                    need = f"Defense {t['defense']}, health {t['health']}"
                else:
                    need = f"Wounded at {t['defense']['wounded']}, Defeated at {t['defense']['defeated']}"
                state = ", already Wounded" if t.get("wounded") else ""
                click.echo(f"  {n}. {self.fig(t['figure'])}: {need}{state}")
        elif kind == "pips":
            click.echo()
            click.secho(f"{self.who(request['character'])} adds {plural(request['pips'], 'pip')} to up to "
                        f"{plural(request['dice_count'], 'die')}: dice "
                        + " ".join(f"{n}:[{f}]" for n, f in enumerate(request["faces"], 1))
                        + f" (suggested: {' '.join(str(d + 1) for d in request['suggested']) or 'none'})", bold=True)
        elif kind == "defend":
            click.echo()
            click.secho(f"{self.who(request['character'])}'s Defense: give each die to a group of attacks",
                        bold=True)
            click.echo("  dice: " + " ".join(f"{n}:[{f}]" for n, f in enumerate(request["faces"], 1)))
            for n, group in enumerate(request["groups"], 1):
                flags = [w for w, on in (("Advantage", group["advantage"]), ("Disadvantage", group["disadvantage"]))
                         if on]
                click.echo(f"  group {n}: {group['damage']} damage from "
                           f"{', '.join(self.fig(a) for a in group['attacks'])}"
                           + (f" ({', '.join(flags)})" if flags else ""))
            click.echo("  suggested: " + " ".join("-" if g is None else str(g + 1) for g in request["suggested"]))
        else:
            return False
        return True

    def show_turn(self, request: dict[str, Any]) -> None:
        self.show_board(again=False)
        click.echo()
        who = self.who(request["character"])
        pool = shown(", ".join(request["stones"])) or "none"
        click.secho(f"Round {request['round']}: {who}'s turn (Stones of Chance: {pool})", bold=True)
        move = next((o for o in request["options"] if o["do"] == "move"), None)
        if move is not None:
            click.echo(f"  Move: {plural(move['points'], 'point')}, facing {move['facing']}; turning costs "
                       "1 point per 90 degrees")
        choices = self.choices(request)
        width = len(str(len(choices)))
        moves = [(n, c) for n, c in enumerate(choices, 1) if c[1]["do"] == "move"]
        line = ""
        for n, (label, answer, _) in moves:        # the Move squares, several per line
            cost = label.rsplit(", ", 1)[-1].split()[0] if label.startswith("Move") else "0"
            cell = f"{n:>{width}}. {_sq(answer['to'])} {cost}"
            if len(line) + len(cell) + 4 > 78:
                click.echo(line)
                line = ""
            line += ("  " if not line else "   ") + cell
        if line:
            click.echo(line + "   (square, cost)")
        for n, (label, answer, _) in enumerate(choices, 1):
            if answer["do"] != "move":
                click.echo(f"  {n:>{width}}. {shown(label)}")

    def pick_text(self, request: dict[str, Any], option: Any) -> str:
        """An option of a Battle ``pick`` in words (figures named, squares as (c, r))."""
        purpose = request.get("for")
        if purpose in ("enemy-target", "target", "reaction", "ranged-target", "enemy"):
            return self.fig(option)
        if isinstance(option, list) and len(option) == 2 and all(isinstance(v, int) for v in option):
            return _sq(option)
        if purpose == "direction" and isinstance(option, str):
            path = request.get("paths", {}).get(option, [])
            return f"{option} (through {', '.join(_sq(s) for s in path)})" if path else option
        if purpose == "any-face" and isinstance(option, dict):
            return shown(f"{option.get('face')}: {option.get('name')}")
        return ""

    def battle_pick_purpose(self, request: dict[str, Any]) -> str | None:
        purpose = request.get("for")
        figure = self.fig(request["figure"]) if "figure" in request else "the figure"
        return {
            "enemy-target": f"{figure} is as near to several Characters: which does it move toward?",
            "enemy-square": f"{figure} can end its move on several squares"
                            + (f" toward {self.fig(request['toward'])}" if request.get("toward") else "")
                            + ": which?",
            "target": f"{figure} attacks which Character?",
            "facing": f"{figure} stands up facing which way?",
            "reaction": "Which Enemy reacts next?",
            "ranged-target": f"{figure} shoots at which target?",
            "any-face": "Mana Burst: perform which effect?",
            "direction": "Which way does the tile roll?",
            "enemy": "Which Enemy does it hit?",
            "square": f"Where does {figure} go?",
            "move": f"Where does {figure} move?",
            "push": f"Where is {figure} pushed?",
            "spawn": "Where is the new Enemy placed?",
        }.get(purpose)
