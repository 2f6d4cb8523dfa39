"""``cardforge play``: a terminal front end for the runtime's ``Session``, and its command.

It renders each pending request (wrapped text, numbered options, dice with their
successes), turns what the player types into an answer, and shows what changed.
With an answers file it plays non-interactively. It is a front end like any other:
everything it knows comes from ``cardforge_runtime`` (``docs/runtime.md``).

Everything a bundle says is untrusted text: it is shown with control characters
escaped (:func:`cardforge_compiler.report.shown`), and no output line begins with
it (card text carries a ``│`` margin, options ``1 │``, events ``»``), so a bundle can
neither drive the terminal nor forge a CI workflow command.
"""

from __future__ import annotations

import json
import shutil
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import click

from cardforge_compiler.report import (
    EXIT_CLEAN,
    EXIT_INTERRUPTED,
    EXIT_PROBLEMS,
    EXIT_STUCK,
    EXIT_USAGE,
    ConfigError,
    plural,
    shown,
)
from cardforge_runtime import AnswerError, BundleError, Session
from cardforge_runtime.bundle import read_json

__all__ = ["Interrupted", "Quit", "ScriptError", "play", "play_session", "read_answers"]

#: What the player types to stop (the session is saved first when --save is given).
QUIT_WORDS = ("q", "quit", "exit")
#: What the player types for help at any prompt.
HELP_WORDS = ("help", "h", "?")
#: The margin of text the bundle wrote (card text, endings): no line begins with it.
MARGIN = "│ "
#: The lead of a line that tells what happened (rolls, purchases, changes).
EVENT = "» "


class Quit(Exception):
    """The player asked to stop, or the scripted answers ran out."""


class Interrupted(Exception):
    """The player pressed Ctrl-C at a prompt (the command exits 130)."""


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


def _say(text: str, lead: str = MARGIN, rest: str | None = None) -> None:
    """Print ``text`` wrapped to the terminal, its first line after ``lead`` and the
    others (and other paragraphs) after ``rest`` (default: ``lead``). Both leads hold
    a mark of ours, so that no line begins with the text; control characters in the
    text are shown escaped."""
    rest = lead if rest is None else rest
    for paragraph in text.split("\n"):
        lines = textwrap.wrap(shown(paragraph), _width(), initial_indent=lead, subsequent_indent=rest,
                              break_on_hyphens=False)
        click.echo("\n".join(lines) if lines else lead.rstrip())
        lead = rest


def _read(prompt: str) -> str:
    """One line typed by the player. Raises ``Quit`` when the input is closed and
    ``Interrupted`` on Ctrl-C (click's own prompt folds both into one ``Abort``)."""
    try:
        return input(f"{prompt}> ")
    except EOFError:
        click.echo()
        raise Quit("input closed") from None
    except KeyboardInterrupt:
        click.echo()
        raise Interrupted() from None


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
        self.used = 0                                           # scripted answers used
        self.rule = session.dice_rule
        self.names = [c["name"] for c in session.state["characters"]]

    # -- rendering --------------------------------------------------------

    def who(self, index: int | None) -> str:
        return shown(self.names[index]) if index is not None else "the group"

    def show(self, request: dict[str, Any]) -> None:
        kind = request["kind"]
        if kind == "card":
            click.echo()
            click.secho(f"── Story card {request['card']}: {shown(request['title'])} ──", bold=True)
            if request["text"]:
                _say(request["text"])
        elif kind == "text":
            click.echo()
            _say(request["text"])
        elif kind == "choice":
            click.echo()
            width = len(str(len(request["options"])))
            for n, option in enumerate(request["options"], 1):
                _say(option["text"], f"  {n:>{width}} │ ", f"  {'':>{width}} │ ")
        elif kind == "character":
            click.echo()
            click.echo(self.purpose(request))
            for n, index in enumerate(request["characters"], 1):
                click.echo(f"  {n}. {self.character_line(index)}")
        elif kind in ("roll", "reroll"):
            self.show_roll(request)
        elif kind == "purchase":
            click.echo()
            click.secho(f"Purchase (the party has {plural(request['coins'], 'coin')}):", bold=True)
            for n, offer in enumerate(request["offers"], 1):
                click.echo(f"  {n}. {shown(offer['item'])} ({plural(offer['cost'], 'coin')})")
            if request["deck"]:
                _say(f"Draw {request['draw']} card(s) from the {request['deck']} deck; to buy a drawn card, type its "
                     "name and cost, such as: Musket 5", "  " + EVENT)
            if request["offers"] and request["deck"]:
                click.echo("  Separate several purchases with ';', such as: 1; Musket 5")
        elif kind == "battle":
            click.echo()
            click.secho(f"Battle: set up layout {shown(request['layout'])} and play it at the table.", bold=True)
            click.echo("When an objective is met, say which:")
            for n, objective in enumerate(request["objectives"], 1):
                lead = f"card {objective['goto']}" if objective["goto"] is not None else "Victory!"
                click.echo(f"  {n}. {shown(objective['text'])} -> {lead}")
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
        return shown(", ".join(parts))

    def purpose(self, request: dict[str, Any]) -> str:
        """The question a ``character`` request asks, in words."""
        if request["for"] == "challenge":
            return f"Who takes the {request['successes']}-{shown(request['stat'])} Challenge?"
        if request["for"] == "roll":
            return f"Who rolls {shown(request['stat'])}?"
        return f"Who will {shown(request['for'])} {self.effect(request['effect'])}?"

    def ending(self, request: dict[str, Any]) -> str:
        """Words for an ending a rule caused (its ``reason``)."""
        return {
            "all_fallen": "All Characters have Fallen.",
            "no_health": f"{self.who(request['character'])} has no more Health tokens.",
            "battle_lost": "The Battle is lost.",
            "no_option": "No option of this choice is on offer, so the story cannot go on (a content error).",
            "no_way_on": "The card ended without saying where to go next (a content error).",
        }.get(request["reason"], shown(str(request["reason"])))

    def show_roll(self, request: dict[str, Any]) -> None:
        name = self.who(request["character"])
        goal = ""
        if request["target"] is not None:
            goal = f" ({request['target']}-{shown(request['stat'])} Challenge"
            goal += f", {request['so_far']} so far)" if request["so_far"] else ")"
        if request["kind"] == "roll":
            notes = [w for w, on in (("Advantage", request["advantage"]), ("Disadvantage", request["disadvantage"]),
                                     ("Doom: a 6 counts 1", request["doom"])) if on]
            dice = f"{request['dice']} {'die' if request['dice'] == 1 else 'dice'}"
            click.echo()
            _say(f"{name} rolls {dice} for {request['stat']}{goal}{'; ' + ', '.join(notes) if notes else ''}.", EVENT)
        else:
            if self.shown_dice != (request["character"], request["faces"]):     # e.g. after --resume
                click.echo(f"  {EVENT}{name}'s dice: {_faces(request['faces'], self.rule, request)} = "
                           f"{plural(request['successes'], 'success')}{goal}")
            _say(f"{name} may spend 1 of {request['destiny']} Destiny to reroll any or all of them.", EVENT)

    def character_line(self, index: int) -> str:
        c = self.session.state["characters"][index]
        tokens = f"; tokens: {shown(', '.join(c['status']))}" if c["status"] else ""
        items = f"; items: {shown(', '.join(c['items']))}" if c["items"] else ""
        fallen = click.style(" FALLEN", fg="red") if c["fallen"] else ""
        return (f"{shown(c['name'])}: Health {c['health']}/{c['health_max']}, Destiny {c['destiny']}/{c['destiny_max']}"
                f"{tokens}{items}{fallen}")

    def show_party(self) -> None:
        state = self.session.state
        click.echo(f"Party: {plural(state['coins'], 'coin')}")
        for index in range(len(state["characters"])):
            click.echo(f"  - {self.character_line(index)}")

    def show_outcome(self, entry: dict[str, Any]) -> None:
        self.shown_dice = None
        for event in entry["events"]:
            if event["event"] in ("roll", "reroll"):
                verb = "rolled" if event["event"] == "roll" else "spent 1 Destiny and rerolled"
                self.shown_dice = (event["character"], event["faces"])
                click.echo(f"  {EVENT}{self.who(event['character'])} {verb}: "
                           f"{_faces(event['faces'], self.rule, entry['request'])} = "
                           f"{plural(event['successes'], 'success')}")
            elif event["event"] == "challenge":
                verdict = click.style("passed", fg="green") if event["passed"] else click.style("failed", fg="red")
                click.echo(f"  {EVENT}{event['target']}-{shown(event['stat'])} Challenge: "
                           f"{plural(event['successes'], 'success')}, {verdict}")
            elif event["event"] == "purchase":
                click.echo(f"  {EVENT}{self.who(event['character'])} buys {shown(event['item'])} for "
                           f"{plural(event['cost'], 'coin')}")
        for change in entry["changes"]:
            line = self.change_line(change)
            if line:
                click.secho(f"  {EVENT}{line}", fg="cyan")

    def change_line(self, change: dict[str, Any]) -> str | None:
        """One state change in words: ``Athos: Health 5 -> 4``, ``Coins 0 -> 3``."""
        path = change["path"].strip("/").split("/")
        old, new = change["from"], change["to"]

        def word(value: Any) -> str:
            if isinstance(value, bool):
                return "yes" if value else "no"
            if isinstance(value, list):
                return shown(", ".join(map(str, value))) or "none"
            return shown(str(value))

        if path[0] in ("card", "result"):
            return None
        if path[0] == "coins":
            return f"Coins {old} -> {new}"
        if path[0] in ("flags", "counters"):
            return f"(story {path[0][:-1]}) {shown(path[1])}: {word(old)} -> {word(new)}" if self.trace else None
        if path[0] == "characters" and len(path) == 3:
            name, key = self.who(int(path[1])), path[2]
            if key == "fallen":
                return f"{name} has Fallen" if new else f"{name} stands up again"
            label = {"health": "Health", "destiny": "Destiny", "health_max": "maximum Health (a severe Wound)",
                     "destiny_max": "maximum Destiny", "status": "status tokens", "items": "items"}.get(key, key)
            return f"{name}: {label} {word(old)} -> {word(new)}"
        return f"{shown(change['path'])}: {word(old)} -> {word(new)}"

    # -- answers ------------------------------------------------------------

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        if self.script is not None:
            answer = next(self.script, None)
            if answer is None:
                raise Quit(f"the answers ran out while the story waits for a {request['kind']} request")
            self.used += 1
            meaning = shown(self.meaning(request, answer))
            click.secho(f"> {shown(json.dumps(answer, ensure_ascii=False))}{'  (' + meaning + ')' if meaning else ''}",
                        dim=True)
            return answer
        parse = getattr(self, f"parse_{request['kind']}")
        buy = "Buy (offer numbers" + (", or 'Name cost' for a drawn card" if request.get("deck") else "") + "; [Enter]: nothing)"
        prompts = {"text": "[Enter]", "card": "[Enter]", "choice": "Choose", "character": "Who",
                   "roll": "[Enter] to roll, or type the faces rolled",
                   "reroll": "Reroll which dice (positions or 'all', then ': faces' if rolled at the table; [Enter] keeps)",
                   "purchase": buy, "battle": "Objective met (0: the Battle is lost)"}
        while True:
            text = _read(prompts[request["kind"]])
            if text.strip().lower() in QUIT_WORDS:
                raise Quit("the player stopped")
            if text.strip().lower() in ("party", "state"):
                self.show_party()
                continue
            if text.strip().lower() in HELP_WORDS:
                self.show_help(request)
                continue
            try:
                return parse(request, text.strip())
            except ValueError as error:
                click.secho(f"  {error}", fg="yellow")

    @staticmethod
    def numbers(text: str, low: int, high: int) -> list[int]:
        parts = text.replace(",", " ").split()
        if not all(part.isascii() and part.isdigit() for part in parts):
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
                click.echo(f"  Who carries the {shown(item)}? "
                           + ", ".join(f"{n}. {shown(name)}" for n, name in enumerate(self.names, 1)))
                while True:
                    try:
                        buy["character"] = self.one(_read("Who"), len(self.names)) - 1
                        break
                    except ValueError as error:
                        click.secho(f"  {error}", fg="yellow")
        return {"buy": buys}

    def parse_battle(self, request: dict[str, Any], text: str) -> dict[str, Any]:
        n = self.one(text, len(request["objectives"]), 0)
        if n == 0:
            sure = _read("The players lose the Battle and the story ends in Defeat. Sure? [y/N]")
            if sure.strip().lower() not in ("y", "yes"):
                raise ValueError("type the number of the objective met")
            return {"lost": True}
        return {"objective": request["objectives"][n - 1]["objective"]}

    def show_help(self, request: dict[str, Any]) -> None:
        """What can be typed at the prompt of ``request`` (``help`` at any prompt)."""
        kind = request["kind"]
        what = {
            "text": "press Enter to read on.",
            "card": "press Enter to read on.",
            "choice": f"type the number of an option (1 to {len(request.get('options', []))}).",
            "character": "type the number of a Character in the list.",
            "roll": f"press Enter and the dice are rolled for you, or type the {request.get('dice')} faces "
                    "rolled at the table, such as: 6 2 4.",
            "reroll": "press Enter to keep the dice; type the positions of the dice to reroll (1 3, or all) and "
                      "they are rolled for you; add ': ' and the faces rolled at the table (1 3: 6 5).",
            "purchase": "type the numbers of the offers to buy (1 3); when a deck is drawn, a drawn card's name "
                        "and cost (Musket 5); separate several with ';'; press Enter to buy nothing.",
            "battle": "type the number of the objective the players met, or 0 when the Battle is lost.",
        }.get(kind, "")
        _say(f"At this prompt: {what}", "  help: ", "  " + EVENT)
        _say("Anywhere: 'party' shows the Characters, 'q' stops (the session is saved with --save), "
             "'help' shows this.", "  ", "  ")

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
            click.secho(f"(resumed on story card {card}: {shown(title)})", bold=True)
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
        Interrupted: the player pressed Ctrl-C at a prompt.
        ScriptError: a scripted answer was refused (the message names it and why), or
            the story ended with scripted answers left over (the message counts them).
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
                if answers is not None and terminal.used < len(answers):
                    left = len(answers) - terminal.used
                    raise ScriptError(f"the story ended after answer {terminal.used}, but the answers file holds "
                                      f"{plural(left, 'more answer')} (left unused)")
                return session
            answer = terminal.ask(request)
            step += 1
            try:
                entry = session.answer(answer)
            except AnswerError as error:
                if answers is not None:
                    raise ScriptError(f"answer {step} ({shown(json.dumps(answer, ensure_ascii=False))}) does not fit the "
                                      f"{request['kind']} request: {shown(error.reason)}") from None
                click.secho(f"  not accepted: {shown(error.reason)}", fg="yellow")
                continue
            terminal.show_outcome(entry)
    finally:
        if on_stop is not None:
            on_stop(session)


def _hand_typed(session: Session) -> bool:
    """Whether any dice faces of the session were typed in by hand (then the seed
    alone does not replay the game)."""
    return any("faces" in entry["answer"] for entry in session.log)


@click.command()
@click.argument("bundle", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--story", "story_id", help="The story to play, e.g. act-1 (not needed with --resume).")
@click.option("--players", type=int, help="Number of players (default: the pack's minimum; 1 is Solo Play).")
@click.option("--characters", help="Comma-separated Character names (default: the pack's first ones).")
@click.option("--seed", type=int, help="Seed of the dice (default: a random one, printed so the game can be replayed).")
@click.option("--answers", "answers_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Play non-interactively: a JSON list of answers (docs/runtime.md).")
@click.option("--save", "save_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Save the session to this file when play stops (quit, end, or answers run out).")
@click.option("--resume", "resume_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Resume a session saved with --save.")
@click.option("--transcript", "transcript_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write the playthrough as a conformance transcript (docs/runtime.md).")
@click.option("--trace", is_flag=True, help="Also show the story's flags and counters as they change.")
def play(bundle: Path, story_id: str | None, players: int | None, characters: str | None, seed: int | None,
         answers_file: Path | None, save_file: Path | None, resume_file: Path | None, transcript_file: Path | None,
         trace: bool) -> None:
    """Play a story of a compiled bundle in the terminal.

    Type the number of an option, press Enter to roll the dice (or type the faces
    you rolled at the table), 'party' to see the Characters, 'help' for what to type,
    'q' to stop. One player (Solo Play) controls two Characters. --resume keeps
    saving to the resumed file unless --save names another.

    \b
    Exit codes:
      0  the story ended in Victory or Defeat, or the player stopped
      1  a scripted answer was refused, the answers ran out first, or answers
         were left over when the story ended
      2  usage error (unreadable bundle, unknown story, bad save, unwritable file)
      3  the story got stuck (a content error: nothing on offer, no way on)
      130  interrupted with Ctrl-C (the session is saved first with --save)

    \b
    Example:
      cardforge play build/gascony.bundle.json --story act-1 --players 2 --seed 7
      cardforge play build/gascony.bundle.json --story act-1 --seed 7 --answers answers.json
    """
    import os

    from cardforge_compiler.emit import write_atomically
    from cardforge_runtime import SessionError, load_bundle

    for target in (save_file, transcript_file):   # find out now, not after a whole game
        if target is not None and (target.is_dir() or (target.parent.exists() and not target.parent.is_dir())):
            why = "it is a folder" if target.is_dir() else f"{target.parent} is not a folder"
            raise ConfigError(f"cannot write {target}: {why}")

    try:
        loaded = load_bundle(bundle)
    except BundleError as error:
        raise ConfigError(shown(str(error))) from None
    answers = None
    if answers_file is not None:
        try:
            answers = read_answers(answers_file)
        except ValueError as error:
            raise ConfigError(shown(str(error))) from None
    try:
        if resume_file is not None:
            if any(v is not None for v in (players, characters, seed)):
                raise ConfigError("--resume continues a saved session: leave out --players, --characters and --seed")
            try:
                saved = read_json(str(resume_file), "save")
            except BundleError as error:
                raise ConfigError(shown(str(error))) from None
            session = Session.load(loaded, saved)
            save_file = save_file or resume_file
            if story_id is not None and story_id != session.state["story"]:
                raise ConfigError(f"{resume_file} is a save of story {shown(session.state['story'])!r}, not {story_id!r}")
            for warning in session.warnings:
                click.secho(f"warning: {shown(warning)}", fg="yellow", err=True)
        else:
            if story_id is None:
                known = ", ".join(s for (_, s, _) in loaded.stories())
                raise ConfigError(f"name the story to play with --story (stories: {shown(known)})")
            if seed is None:
                seed = int.from_bytes(os.urandom(4), "big")
            names = [n.strip() for n in characters.split(",")] if characters is not None else None
            session = Session.start(loaded, story_id, players=players, characters=names, seed=seed)
    except SessionError as error:
        raise ConfigError(shown(str(error))) from None
    if not loaded.hash_matches:
        click.secho(f"warning: {bundle}: content_hash does not match the content (edited by hand?)", fg="yellow", err=True)
    state = session.state
    click.secho(f"══ {shown(dict((s, t) for (_, s, t) in loaded.stories())[state['story']])} ══", bold=True)
    click.echo(f"{plural(state['players'], 'player')}, seed {session.seed}")

    failed = []

    def stop(current: Session) -> None:
        for target, data in ((save_file, current.save), (transcript_file, current.transcript)):
            if target is not None:
                try:
                    write_atomically(target, (json.dumps(data(), ensure_ascii=False, indent=1) + "\n").encode("utf-8"))
                except OSError as error:
                    click.secho(f"error: cannot write {target}: {error.strerror or error}", fg="red", err=True)
                    failed.append(target)
                    continue
                click.echo(f"{'saved to' if target == save_file else 'transcript written to'} {target}", err=True)
        if resume_file is None and not _hand_typed(current):
            click.echo(f"(replay with --seed {current.seed})", err=True)

    code = EXIT_CLEAN
    try:
        play_session(session, answers, on_stop=stop, trace=trace)
    except Quit as reason:
        hint = f"; continue with: cardforge play {bundle} --resume {save_file}" if save_file else \
            " (use --save FILE to keep the session)"
        click.echo(f"stopped: {reason}{hint}", err=True)
        code = EXIT_PROBLEMS if answers is not None else EXIT_CLEAN
    except Interrupted:
        click.echo("interrupted", err=True)
        code = EXIT_INTERRUPTED
    except ScriptError as error:
        click.secho(f"error: {error}", fg="red", err=True)
        code = EXIT_PROBLEMS
    else:
        if session.state["result"] == "stuck":
            click.secho("error: the story is stuck: a content error (run cardforge lint on its content)",
                        fg="red", err=True)
            code = EXIT_STUCK
    sys.exit(EXIT_USAGE if failed else code)
