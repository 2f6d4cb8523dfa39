"""``cardforge play``: a terminal front end for the runtime's ``Session``.

It renders each pending request (wrapped text, numbered options, dice with their
successes), turns what the player types into an answer, and shows what changed.
With an answers file it plays non-interactively. It is a front end like any other:
everything it knows comes from ``cardforge_runtime`` (``docs/runtime.md``).
"""

from __future__ import annotations

import json
import shutil
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import click

from cardforge_compiler.cli import _plural
from cardforge_runtime import AnswerError, BundleError, Session
from cardforge_runtime.bundle import read_json

__all__ = ["Quit", "play_session", "read_answers"]

#: What the player types to stop (the session is saved first when --save is given).
QUIT_WORDS = ("q", "quit", "exit")


class Quit(Exception):
    """The player asked to stop, or the scripted answers ran out."""


class ScriptError(Exception):
    """A scripted answer was refused; the message says which and why."""


def read_answers(path: Path) -> list[dict[str, Any]]:
    """The answers of an ``--answers`` file: a JSON list of answer objects.

    Raises:
        ValueError: unreadable, not JSON, or not a list of objects (the message says which).
    """
    try:
        data = read_json(str(path), "list of answers")
    except BundleError as error:
        raise ValueError(str(error)) from None
    if not isinstance(data, list) or not all(isinstance(a, dict) for a in data):
        raise ValueError(f"{path}: expected a JSON list of answer objects, such as [{{}}, {{\"option\": 0}}]")
    return data


def _width() -> int:
    return max(40, min(88, shutil.get_terminal_size((88, 24)).columns) - 2)


def _say(text: str, indent: str = "") -> None:
    for paragraph in text.split("\n"):
        click.echo(textwrap.fill(paragraph, _width(), initial_indent=indent, subsequent_indent=indent,
                                 break_on_hyphens=False) or "")


def _faces(faces: list[int], rule: Any, request: dict[str, Any]) -> str:
    shown = []
    for face in faces:
        value = rule.face_successes(face, advantage=request.get("advantage", False),
                                    disadvantage=request.get("disadvantage", False), doom=request.get("doom", False))
        mark = click.style(f"[{face}]", fg="green" if value else None, bold=value == 2)
        shown.append(mark)
    return " ".join(shown)


class _Terminal:
    """Renders requests and outcomes, and reads answers from the keyboard or a script."""

    def __init__(self, session: Session, answers: list[dict[str, Any]] | None, trace: bool = False) -> None:
        self.session = session
        self.trace = trace
        self.shown_dice: tuple[int, list[int]] | None = None   # the dice the last outcome printed
        self.script: Iterator[dict[str, Any]] | None = iter(answers) if answers is not None else None
        self.rule = session.dice_rule
        self.names = [c["name"] for c in session.state["characters"]]

    # -- rendering --------------------------------------------------------

    def who(self, index: int | None) -> str:
        return self.names[index] if index is not None else "the group"

    def show(self, request: dict[str, Any]) -> None:
        kind = request["kind"]
        if kind == "card":
            click.echo()
            click.secho(f"── Story card {request['card']}: {request['title']} ──", bold=True)
            if request["text"]:
                _say(request["text"])
        elif kind == "text":
            click.echo()
            _say(request["text"])
        elif kind == "choice":
            click.echo()
            for n, option in enumerate(request["options"], 1):
                _say(f"{n}. {option['text']}", "  ")
        elif kind == "character":
            click.echo()
            click.echo(self.purpose(request))
            for n, index in enumerate(request["characters"], 1):
                click.echo(f"  {n}. {self.character_line(index)}")
        elif kind in ("roll", "reroll"):
            self.show_roll(request)
        elif kind == "purchase":
            click.echo()
            click.secho(f"Purchase (the party has {_plural(request['coins'], 'coin')}):", bold=True)
            for n, offer in enumerate(request["offers"], 1):
                click.echo(f"  {n}. {offer['item']} ({_plural(offer['cost'], 'coin')})")
            if request["deck"]:
                _say(f"Draw {request['draw']} card(s) from the {request['deck']} deck; to buy a drawn card, type its "
                     "name and cost, such as: Musket 5", "  ")
            if request["offers"] and request["deck"]:
                _say("Separate several purchases with ';', such as: 1; Musket 5", "  ")
        elif kind == "between":
            self.show_between(request)
        elif kind == "battle":
            click.echo()
            click.secho(f"Battle: set up layout {request['layout']} and play it at the table.", bold=True)
            click.echo("When an objective is met, say which:")
            for n, objective in enumerate(request["objectives"], 1):
                lead = f"card {objective['goto']}" if objective["goto"] is not None else "Victory!"
                click.echo(f"  {n}. {objective['text']} -> {lead}")
            click.echo("If the players lose the Battle, type 0 (Defeat).")
        elif kind == "end":
            click.echo()
            colour = {"victory": "green", "defeat": "red"}.get(request["result"], "yellow")
            _say(request["text"] if request["text"] is not None else self.ending(request))
            click.secho(f"*** {request['result'].upper()} ***", fg=colour, bold=True)
            self.show_party()

    @staticmethod
    def effect(effect: dict[str, Any]) -> str:
        parts = [f"{effect[k]} {w}" for k, w in (("coins", "coins"), ("destiny", "Destiny"), ("health", "Health")) if k in effect]
        parts += [f"the {token} token" for token in effect.get("status", [])] + list(effect.get("items", []))
        return ", ".join(parts)

    def purpose(self, request: dict[str, Any]) -> str:
        """The question a ``character`` request asks, in words."""
        if request["for"] == "challenge":
            return f"Who takes the {request['successes']}-{request['stat']} Challenge?"
        if request["for"] == "roll":
            return f"Who rolls {request['stat']}?"
        return f"Who will {request['for']} {self.effect(request['effect'])}?"

    def ending(self, request: dict[str, Any]) -> str:
        """Words for an ending a rule caused (its ``reason``)."""
        return {
            "all_fallen": "All Characters have Fallen.",
            "no_health": f"{self.who(request['character'])} has no more Health tokens.",
            "battle_lost": "The Battle is lost.",
            "no_option": "No option of this choice is on offer, so the story cannot go on (a content error).",
            "no_way_on": "The card ended without saying where to go next (a content error).",
            "not_held": "The card takes an item that no Character holds, and gives no alternative (a content error).",
        }.get(request["reason"], request["reason"])

    def show_roll(self, request: dict[str, Any]) -> None:
        name = self.who(request["character"])
        goal = ""
        if request["target"] is not None:
            goal = f" ({request['target']}-{request['stat']} Challenge"
            goal += f", {request['so_far']} so far)" if request["so_far"] else ")"
        if request["kind"] == "roll":
            notes = [w for w, on in (("Advantage", request["advantage"]), ("Disadvantage", request["disadvantage"]),
                                     ("Doom: a 6 counts 1", request["doom"])) if on]
            dice = f"{request['dice']} {'die' if request['dice'] == 1 else 'dice'}"
            click.echo()
            _say(f"{name} rolls {dice} for {request['stat']}{goal}{'; ' + ', '.join(notes) if notes else ''}.")
        else:
            if self.shown_dice != (request["character"], request["faces"]):     # e.g. after --resume
                click.echo(f"  {name}'s dice: {_faces(request['faces'], self.rule, request)} = "
                           f"{_plural(request['successes'], 'success')}{goal}")
            _say(f"{name} may spend 1 of {request['destiny']} Destiny to reroll any or all of them.")

    def character_line(self, index: int) -> str:
        c = self.session.state["characters"][index]
        tokens = f"; tokens: {', '.join(c['status'])}" if c["status"] else ""
        items = f"; items: {', '.join(c['items'])}" if c["items"] else ""
        fallen = click.style(" FALLEN", fg="red") if c["fallen"] else ""
        return (f"{c['name']}: Health {c['health']}/{c['health_max']}, Destiny {c['destiny']}/{c['destiny_max']}"
                f"{tokens}{items}{fallen}")

    def show_party(self) -> None:
        state = self.session.state
        click.echo(f"Party: {_plural(state['coins'], 'coin')}")
        for index in range(len(state["characters"])):
            click.echo(f"  {self.character_line(index)}")

    def show_outcome(self, entry: dict[str, Any]) -> None:
        self.shown_dice = None
        for event in entry["events"]:
            if event["event"] in ("roll", "reroll"):
                verb = "rolled" if event["event"] == "roll" else "spent 1 Destiny and rerolled"
                self.shown_dice = (event["character"], event["faces"])
                click.echo(f"  {self.who(event['character'])} {verb}: "
                           f"{_faces(event['faces'], self.rule, entry['request'])} = "
                           f"{_plural(event['successes'], 'success')}")
            elif event["event"] == "challenge":
                verdict = click.style("passed", fg="green") if event["passed"] else click.style("failed", fg="red")
                click.echo(f"  {event['target']}-{event['stat']} Challenge: {_plural(event['successes'], 'success')}, {verdict}")
            elif event["event"] == "purchase":
                click.echo(f"  {self.who(event['character'])} buys {event['item']} for {_plural(event['cost'], 'coin')}")
            elif event["event"] in ("sale", "trade", "porter"):
                click.echo(f"  {self.between_event(event)}")
        for change in entry["changes"]:
            line = self.change_line(change)
            if line:
                click.secho(f"  {line}", fg="cyan")

    def change_line(self, change: dict[str, Any]) -> str | None:
        """One state change in words: ``Athos: Health 5 -> 4``, ``Coins 0 -> 3``."""
        path = change["path"].strip("/").split("/")
        old, new = change["from"], change["to"]

        def word(value: Any) -> str:
            if isinstance(value, bool):
                return "yes" if value else "no"
            if isinstance(value, list):
                return ", ".join(value) or "none"
            return str(value)

        if path[0] in ("card", "result"):
            return None
        if path[0] == "coins":
            return f"Coins {old} -> {new}"
        if path[0] in ("flags", "counters"):
            return f"(story {path[0][:-1]}) {path[1]}: {word(old)} -> {word(new)}" if self.trace else None
        if path[0] == "characters" and len(path) == 3:
            name, key = self.names[int(path[1])], path[2]
            if key == "fallen":
                return f"{name} has Fallen" if new else f"{name} stands up again"
            label = {"health": "Health", "destiny": "Destiny", "health_max": "maximum Health (a severe Wound)",
                     "destiny_max": "maximum Destiny", "status": "status tokens", "items": "items"}.get(key, key)
            return f"{name}: {label} {word(old)} -> {word(new)}"
        return f"{change['path']}: {word(old)} -> {word(new)}"

    # -- answers ------------------------------------------------------------

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        if self.script is not None:
            answer = next(self.script, None)
            if answer is None:
                raise Quit(f"the answers ran out while the story waits for a {request['kind']} request")
            meaning = self.meaning(request, answer)
            click.secho(f"> {json.dumps(answer, ensure_ascii=False)}{'  (' + meaning + ')' if meaning else ''}", dim=True)
            return answer
        parse = getattr(self, f"parse_{request['kind']}")
        buy = "Buy (offer numbers" + (", or 'Name cost' for a drawn card" if request.get("deck") else "") + "; [Enter]: nothing)"
        prompts = {"text": "[Enter]", "card": "[Enter]", "choice": "Choose", "character": "Who",
                   "roll": "[Enter] to roll, or type the faces rolled",
                   "reroll": "Reroll which dice (positions or 'all', then ': faces' if rolled at the table; [Enter] keeps)",
                   "purchase": buy, "battle": "Objective met (0: the Battle is lost)",
                   "between": "[Enter] to go on, or porter / sell / trade"}
        while True:
            try:
                text = click.prompt(prompts[request["kind"]], default="", show_default=False, prompt_suffix="> ")
            except click.Abort:
                click.echo()
                raise Quit("input closed") from None
            if text.strip().lower() in QUIT_WORDS:
                raise Quit("the player stopped")
            if text.strip().lower() in ("party", "state"):
                self.show_party()
                continue
            try:
                return parse(request, text.strip())
            except ValueError as error:
                click.secho(f"  {error}", fg="yellow")

    @staticmethod
    def numbers(text: str, low: int, high: int) -> list[int]:
        parts = text.replace(",", " ").split()
        if not all(part.isascii() and part.isdigit() and len(part) <= 20 for part in parts):
            raise ValueError(f"type numbers from {low} to {high}")
        values = [int(part) for part in parts]
        if any(not low <= v <= high for v in values):
            raise ValueError(f"type numbers from {low} to {high}")
        return values

    def one(self, text: str, count: int, low: int = 1) -> int:
        try:
            values = self.numbers(text, low, count)
        except ValueError:
            values = []
        if len(values) != 1:
            raise ValueError(f"type {count}" if low == count else f"type one number from {low} to {count}")
        return values[0]

    def parse_text(self, request: dict[str, Any], text: str) -> dict[str, Any]:
        return {}

    parse_card = parse_text

    def parse_choice(self, request: dict[str, Any], text: str) -> dict[str, Any]:
        return {"option": request["options"][self.one(text, len(request["options"])) - 1]["option"]}

    def parse_character(self, request: dict[str, Any], text: str) -> dict[str, Any]:
        return {"character": request["characters"][self.one(text, len(request["characters"])) - 1]}

    def parse_roll(self, request: dict[str, Any], text: str) -> dict[str, Any]:
        if not text:
            return {"auto": True}
        faces = self.numbers(text, 1, self.rule.sides)
        if len(faces) != request["dice"]:
            raise ValueError(f"type {request['dice']} faces, or press Enter to roll")
        return {"faces": faces}

    def parse_reroll(self, request: dict[str, Any], text: str) -> dict[str, Any]:
        """``1 3`` or ``all`` (the engine rolls them), or ``1 3: 6 5`` (the faces rolled at the table)."""
        if not text:
            return {"keep": True}
        dice = len(request["faces"])
        which, _, faces = text.partition(":")
        positions = list(range(dice)) if which.strip().lower() == "all" else [n - 1 for n in self.numbers(which, 1, dice)]
        if len(set(positions)) != len(positions) or not positions:
            raise ValueError(f"type different positions from 1 to {dice}, 'all', or press Enter to keep")
        positions.sort()
        if not faces.strip():
            return {"reroll": positions, "auto": True}
        new = self.numbers(faces, 1, self.rule.sides)
        if len(new) != len(positions):
            raise ValueError(f"after ':' type {len(positions)} faces, one per die rerolled")
        return {"reroll": positions, "faces": new}

    def parse_purchase(self, request: dict[str, Any], text: str) -> dict[str, Any]:
        """Offer numbers (``1 3``) and, when a deck is drawn, cards as ``Name cost``;
        several parts separated by ``;``. Asks who carries each item when it matters."""
        buys: list[dict[str, Any]] = []
        for part in (p.strip() for p in text.split(";")):
            if not part:
                continue
            name, _, cost = part.rpartition(" ")
            if request["deck"] and name and cost.isascii() and cost.isdigit() and not name.replace(" ", "").isdigit():
                if len(cost) > 20:          # beyond the runtime's number limit: say so in our words
                    raise ValueError(f"a cost is a number of coins, at most {request['coins']} here")
                buys.append({"item": name.strip(), "cost": int(cost)})
            elif request["offers"]:
                buys += [{"offer": request["offers"][n - 1]["offer"]} for n in self.numbers(part, 1, len(request["offers"]))]
            else:
                raise ValueError("type a drawn card's name and cost, such as: Musket 5")
        try:
            self.session.check_answer({"buy": buys})      # cost and counts first, before asking who carries
        except AnswerError as error:
            raise ValueError(error.reason) from None
        if len(self.names) > 1:
            for buy in buys:
                item = buy.get("item") or request["offers"][buy["offer"]]["item"]
                click.echo(f"  Who carries the {item}? " + ", ".join(f"{n}. {name}" for n, name in enumerate(self.names, 1)))
                while True:
                    try:
                        buy["character"] = self.one(click.prompt("Who", prompt_suffix="> "), len(self.names)) - 1
                        break
                    except ValueError as error:
                        click.secho(f"  {error}", fg="yellow")
                    except click.Abort:
                        click.echo()
                        raise Quit("input closed") from None
        return {"buy": buys}

    # -- Between Story Cards (its own functions: show, parse, events) ------------

    def show_between(self, request: dict[str, Any]) -> None:
        """The Between Story Cards actions on offer before card ``next``."""
        click.echo()
        click.secho(f"Between Story cards (next: card {request['next']}; the party has "
                    f"{_plural(request['coins'], 'coin')}):", bold=True)
        for n, items in enumerate(request["items"], 1):
            _say(f"{n}. {self.names[n - 1]}: {', '.join(items) or 'no items'}", "  ")
        if request["porter"]:
            _say(f"porter Name cost; ...   call the Porter (once per Story): buy from the {request['porter']} "
                 "Equipment cards under him ('porter' alone buys none)", "  ")
        _say("sell N Name cost        Character N sells an item for half its cost, rounded up", "  ")
        _say("trade N M Name          Character N gives an item to Character M", "  ")

    def between_event(self, event: dict[str, Any]) -> str:
        """A Between Story Cards event in words."""
        if event["event"] == "sale":
            return (f"{self.who(event['character'])} sells {event['item']} for "
                    f"{_plural(event['coins'], 'coin')}")
        if event["event"] == "trade":
            return f"{self.who(event['from'])} gives {event['item']} to {self.who(event['to'])}"
        return "The Porter is called"

    def between_meaning(self, request: dict[str, Any], answer: dict[str, Any]) -> str:
        """A scripted Between Story Cards answer in words."""
        if not answer:
            return f"go on to card {request['next']}"
        if "porter" in answer:
            bought = ", ".join(f"{b['item']} for {self.names[b.get('character', 0)]}" for b in answer["porter"])
            return "call the Porter" + (f": buy {bought}" if bought else "")
        if "sell" in answer:
            return "sell " + ", ".join(f"{self.names[s['character']]}'s {s['item']}" for s in answer["sell"])
        return "trade " + ", ".join(f"{t['item']} from {self.names[t['from']]} to {self.names[t['to']]}"
                                    for t in answer["trade"])

    def parse_between(self, request: dict[str, Any], text: str) -> dict[str, Any]:
        """``[Enter]`` goes on; ``porter Name cost; ...``, ``sell N Name cost`` or
        ``trade N M Name`` (Characters numbered from 1)."""
        if not text:
            return {}
        word, _, rest = text.partition(" ")
        word, rest = word.lower(), rest.strip()
        count = len(self.names)
        if word == "porter":
            buys = []
            for part in (p.strip() for p in rest.split(";") if p.strip()):
                name, _, cost = part.rpartition(" ")
                if not (name.strip() and cost.isascii() and cost.isdigit()):
                    raise ValueError("after 'porter' type each card bought as: Name cost")
                buys.append({"item": name.strip(), "cost": int(cost), "character": 0})
            answer: dict[str, Any] = {"porter": buys}
        elif word == "sell":
            first, _, tail = rest.partition(" ")
            name, _, cost = tail.strip().rpartition(" ")
            if not (name.strip() and cost.isascii() and cost.isdigit()):
                raise ValueError("type: sell N Name cost (N: the Character's number)")
            answer = {"sell": [{"character": self.one(first, count) - 1, "item": name.strip(), "cost": int(cost)}]}
        elif word == "trade":
            parts = rest.split(" ", 2)
            if len(parts) != 3 or not parts[2].strip():
                raise ValueError("type: trade N M Name (from Character N to Character M)")
            answer = {"trade": [{"from": self.one(parts[0], count) - 1, "to": self.one(parts[1], count) - 1,
                                 "item": parts[2].strip()}]}
        else:
            raise ValueError("press [Enter] to go on, or type porter, sell or trade")
        try:
            self.session.check_answer(answer)
        except AnswerError as error:
            raise ValueError(error.reason) from None
        for buy in answer.get("porter", []):
            if count > 1:
                names = ", ".join(f"{n}. {name}" for n, name in enumerate(self.names, 1))
                click.echo(f"  Who carries the {buy['item']}? {names}")
                while True:
                    try:
                        buy["character"] = self.one(click.prompt("Who", prompt_suffix="> "), count) - 1
                        break
                    except ValueError as error:
                        click.secho(f"  {error}", fg="yellow")
                    except click.Abort:
                        click.echo()
                        raise Quit("input closed") from None
        return answer

    def parse_battle(self, request: dict[str, Any], text: str) -> dict[str, Any]:
        n = self.one(text, len(request["objectives"]), 0)
        if n == 0:
            try:
                if not click.confirm("The players lose the Battle and the story ends in Defeat. Sure?", default=False):
                    raise ValueError("type the number of the objective met")
            except click.Abort:
                click.echo()
                raise Quit("input closed") from None
            return {"lost": True}
        return {"objective": request["objectives"][n - 1]["objective"]}

    # -- what an answer means ------------------------------------------------------

    def meaning(self, request: dict[str, Any], answer: dict[str, Any]) -> str:
        """A scripted answer in words, printed beside its JSON (``"" `` when nothing to add)."""
        kind = request["kind"]
        try:
            if kind == "choice":
                return next(o["text"] for o in request["options"] if o["option"] == answer.get("option"))
            if kind == "character":
                return self.names[answer["character"]]
            if kind == "reroll":
                if answer.get("keep"):
                    return "keep the dice"
                return "reroll dice " + ", ".join(str(i + 1) for i in answer["reroll"])
            if kind == "purchase":
                items = []
                for buy in answer["buy"]:
                    item = buy["item"] if "item" in buy else request["offers"][buy["offer"]]["item"]
                    items.append(f"{item} for {self.names[buy.get('character', 0)]}")
                return "buy " + ", ".join(items) if items else "buy nothing"
            if kind == "between":
                return self.between_meaning(request, answer)
            if kind == "battle":
                if answer.get("lost"):
                    return "the Battle is lost"
                return "met: " + next(o["text"] for o in request["objectives"] if o["objective"] == answer.get("objective"))
        except (KeyError, IndexError, TypeError, StopIteration):
            return ""                                   # a malformed answer: the engine will say why
        return ""

    def show_resumed(self) -> None:
        """Where a resumed session stands: its card and the party."""
        state = self.session.state
        card = state["card"]
        if card is not None:
            title = next(c["title"] for c in self.session.bundle.find_story(state["story"], state["pack"])[1]["cards"]
                         if c["id"] == card)
            click.secho(f"(resumed on story card {card}: {title})", bold=True)
        self.show_party()


def play_session(session: Session, answers: list[dict[str, Any]] | None,
                 on_stop: Callable[[Session], None] | None = None, trace: bool = False) -> Session:
    """Play ``session`` in the terminal until the story ends or the player stops.

    Args:
        session: a started or loaded session.
        answers: scripted answers (non-interactive), or ``None`` to ask the player.
        on_stop: called with the session when play stops for any reason (to save it).
        trace: also show the story's flags and counters as they change.

    Raises:
        Quit: the player quit, the input closed, or the answers ran out.
        ScriptError: a scripted answer was refused (the message names it and why).
    """
    terminal = _Terminal(session, answers, trace)
    try:
        if session.log:
            terminal.show_resumed()
        else:
            terminal.show_party()
        step = 0
        while True:
            request = session.pending
            terminal.show(request)
            if session.finished:
                return session
            answer = terminal.ask(request)
            step += 1
            try:
                entry = session.answer(answer)
            except AnswerError as error:
                if answers is not None:
                    raise ScriptError(f"answer {step} ({json.dumps(answer)}) does not fit the {request['kind']} "
                                      f"request: {error.reason}") from None
                click.secho(f"  {error.reason}", fg="yellow")
                continue
            terminal.show_outcome(entry)
    finally:
        if on_stop is not None:
            on_stop(session)
