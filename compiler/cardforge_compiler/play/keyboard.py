"""What ``cardforge play`` reads: the player's typing (or a script) turned into answers.

At any prompt ``help`` says what it takes, ``party`` shows the Characters and ``q``
stops; Ctrl-C is told apart from closed input (exit 130 against 0).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import click

from cardforge_compiler.play.battle_keyboard import BATTLE_PROMPTS, BattleKeyboard
from cardforge_compiler.play.screen import SELL, SELL_COST, Screen
from cardforge_compiler.report import shown
from cardforge_runtime import AnswerError, Session

__all__ = ["HELP_WORDS", "QUIT_WORDS", "Interrupted", "Quit", "Terminal"]

#: What the player types to stop (the session is saved first when --save is given).
QUIT_WORDS = ("q", "quit", "exit")
#: What the player types for help at any prompt.
HELP_WORDS = ("help", "h", "?")


#: The Between Story Cards commands, refused at a prompt that reads on with [Enter].
BETWEEN_WORDS = ("porter", "sell", "trade", "use")

class Quit(Exception):
    """The player asked to stop, or the scripted answers ran out."""


class Interrupted(Exception):
    """The player pressed Ctrl-C at a prompt (the command exits 130)."""


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


class Terminal(BattleKeyboard, Screen):
    """A :class:`Screen` that also reads answers, from the keyboard or a script."""

    def __init__(self, session: Session, answers: list[dict[str, Any]] | None, trace: bool = False) -> None:
        super().__init__(session, trace)
        self.script: Iterator[dict[str, Any]] | None = iter(answers) if answers is not None else None
        self.used = 0                                           # scripted answers used

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
        buy = "Buy (offer numbers; [Enter]: nothing)"
        prompts = {"text": "[Enter]", "card": "[Enter]", "choice": "Choose", "character": "Who",
                   "roll": "[Enter] to roll, or type the faces rolled",
                   "reroll": "Reroll which dice (positions or 'all', then ': faces' if rolled at the table; [Enter] keeps)",
                   "purchase": buy, "battle": "Objective met (0: the Battle is lost)",
                   "leave": "Leave which Equipment (numbers)", "pick": "Choose",
                   "keep": "Keep which Weapons (numbers; [Enter]: none)",
                   "between": "[Enter] to go on, or " + ("porter / " if "porter" in request else "") + "sell / trade"
                              + (" / use" if any(request.get("usable", [])) else ""), **BATTLE_PROMPTS}
        if request["kind"] == "reroll" and request.get("stones"):
            prompts["reroll"] += "; or stone K.J"
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
            if text.strip().lower() == "board" and self.session.state.get("battle"):
                self.show_board()
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
        """[Enter] reads on; a Between Story Cards command typed here (``porter 1``)
        is refused with a word rather than taken as [Enter]."""
        word = text.split()[0].lower() if text.split() else ""
        if word in BETWEEN_WORDS:
            raise ValueError(f"'{word}' is taken between Story cards, not here: press [Enter] to read on")
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
        """``1 3`` or ``all`` (the engine rolls them), or ``1 3: 6 5`` (the faces rolled at the table);
        ``stone K.J`` spends a Stone of Chance listed by a Battle's reroll."""
        stone = self.parse_stone_in_reroll(request, text)
        if stone is not None:
            return stone
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
        """Offer numbers (``1 3``): the card's offers and the cards drawn from the deck
        alike. Asks who carries each item when it matters."""
        buys = [{"offer": request["offers"][n - 1]["offer"], "character": 0}
                for n in (self.numbers(text, 1, len(request["offers"])) if request["offers"] else [])]
        if text and not request["offers"]:
            raise ValueError("nothing is on offer: press [Enter]")
        try:
            self.session.check_answer({"buy": buys})      # cost and counts first, before asking who carries
        except AnswerError as error:
            raise ValueError(error.reason) from None
        self.ask_carriers(buys, lambda buy: request["offers"][buy["offer"]]["item"])
        return {"buy": buys}

    def parse_pick(self, request: dict[str, Any], text: str) -> dict[str, Any]:
        """The number of the option the players choose (``effects.pick``)."""
        return {"pick": request["options"][self.one(text, len(request["options"])) - 1]}

    def parse_keep(self, request: dict[str, Any], text: str) -> dict[str, Any]:
        """The numbers of the Weapons the Character keeps (Campaign Mode 1)."""
        answer = {"keep": [request["cards"][n - 1]["card"] for n in self.numbers(text, 1, len(request["cards"]))]}
        try:
            self.session.check_answer(answer)
        except AnswerError as error:
            raise ValueError(error.reason) from None
        return answer

    def parse_leave(self, request: dict[str, Any], text: str) -> dict[str, Any]:
        """The numbers of the Equipment cards the Character leaves."""
        answer = {"leave": [request["cards"][n - 1]["card"] for n in self.numbers(text, 1, len(request["cards"]))]}
        try:
            self.session.check_answer(answer)
        except AnswerError as error:
            raise ValueError(error.reason) from None
        return answer

    def ask_carriers(self, buys: list[dict[str, Any]], item_of: Any) -> None:
        """Ask who carries each item bought (when more than one Character could)."""
        if len(self.names) > 1:
            for buy in buys:
                click.echo(f"  Who carries the {shown(item_of(buy))}? "
                           + ", ".join(f"{n}. {shown(name)}" for n, name in enumerate(self.names, 1)))
                while True:
                    try:
                        buy["character"] = self.one(_read("Who"), len(self.names)) - 1
                        break
                    except ValueError as error:
                        click.secho(f"  {error}", fg="yellow")

    def parse_between(self, request: dict[str, Any], text: str) -> dict[str, Any]:
        """Between Story Cards: ``[Enter]`` goes on; ``porter N ...`` (the numbers of
        the Porter's cards bought),
        ``sell N Name cost`` (``sell N Name`` for a card held or an item bought in
        this story: the engine knows its cost) or ``trade N M Name`` (Characters numbered from 1)."""
        if not text:
            return {}
        word, _, rest = text.partition(" ")
        word, rest = word.lower(), rest.strip()
        count = len(self.names)

        def name_and_cost(part: str, usage: str) -> tuple[str, int]:
            name, _, cost = part.strip().rpartition(" ")
            if not (name.strip() and cost.isascii() and cost.isdigit() and len(cost) <= 20):
                raise ValueError(usage)
            return name.strip(), int(cost)

        if word == "porter":
            offers = request.get("porter") or []
            buys = [{"offer": offers[n - 1]["offer"], "character": 0}      # who carries: asked next
                    for n in (self.numbers(rest, 1, len(offers)) if offers else [])]
            answer: dict[str, Any] = {"porter": buys}
        elif word == "sell":
            first, _, tail = rest.partition(" ")
            if tail.strip() in request["costs"]:        # bought in this story: the engine knows its cost
                name, cost = tail.strip(), request["costs"][tail.strip()]
            else:
                name, cost = name_and_cost(tail, f"type: {SELL} (N: the Character's number; {SELL_COST})")
            answer = {"sell": [{"character": self.one(first, count) - 1, "item": name, "cost": cost}]}
        elif word == "use":
            parts = rest.split()
            if len(parts) != 2:
                raise ValueError("type: use N M (Character N discards their kept card M to use it)")
            who = self.one(parts[0], count) - 1
            kept = request["usable"][who]
            if not kept:
                raise ValueError(f"{self.names[who]} keeps no card to use")
            answer = {"use": [{"character": who, "card": kept[self.one(parts[1], len(kept)) - 1]["card"]}]}
        elif word == "trade":
            parts = rest.split(" ", 2)
            if len(parts) != 3 or not parts[2].strip():
                raise ValueError("type: trade N M Name (from Character N to Character M)")
            answer = {"trade": [{"from": self.one(parts[0], count) - 1, "to": self.one(parts[1], count) - 1,
                                 "item": parts[2].strip()}]}
        else:
            raise ValueError("press [Enter] to go on, or type " + ("porter, " if "porter" in request else "")
                             + ("sell, trade or use" if any(request.get("usable", [])) else "sell or trade"))
        try:
            self.session.check_answer(answer)
        except AnswerError as error:
            raise ValueError(error.reason) from None
        self.ask_carriers(answer.get("porter", []), lambda buy: request["porter"][buy["offer"]]["item"])
        return answer

    def parse_battle(self, request: dict[str, Any], text: str) -> dict[str, Any]:
        n = self.one(text, len(request["objectives"]), 0)
        if n == 0:
            sure = _read("The players lose the Battle and the story ends in Defeat. Sure? [y/N]")
            if sure.strip().lower() not in ("y", "yes"):
                raise ValueError("type the number of the objective met")
            return {"lost": True}
        return {"objective": request["objectives"][n - 1]["objective"]}

    # -- what an answer means ------------------------------------------------------

    def meaning(self, request: dict[str, Any], answer: dict[str, Any]) -> str:
        """A scripted answer in words, printed beside its JSON (``"" `` when nothing to add)."""
        kind = request["kind"]
        try:
            if kind in BATTLE_PROMPTS:
                return self.battle_meaning(request, answer)
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
                    item = request["offers"][buy["offer"]]["item"]
                    items.append(f"{item} for {self.names[self.carrier(buy)]}")
                return "buy " + ", ".join(items) if items else "buy nothing"
            if kind == "between":
                return self.between_meaning(request, answer)
            if kind == "pick":
                return self.pick_text(request, answer["pick"]) or self.option_text(answer["pick"])
            if kind == "leave":
                left = [c["item"] for c in request["cards"] if c["card"] in answer["leave"]]
                return f"{self.names[request['character']]} leaves " + ", ".join(left)
            if kind == "keep":
                kept = [c["item"] for c in request["cards"] if c["card"] in answer["keep"]]
                return f"{self.names[request['character']]} keeps " + (", ".join(kept) or "no Weapon")
            if kind == "battle":
                if answer.get("lost"):
                    return "the Battle is lost"
                index = next(i for i, o in enumerate(request["objectives"]) if o["objective"] == answer.get("objective"))
                # the screen numbers objectives from 1 (0: lost); the answer's index counts from 0
                return f"met: {index + 1}. {request['objectives'][index]['text']}"
        except (KeyError, IndexError, TypeError, StopIteration):
            return ""                                   # a malformed answer: the engine will say why
        return ""

    def carrier(self, buy: dict[str, Any]) -> int:
        """Who carries a purchase: its ``character``, which may be left out only when
        one Character is in play (KeyError otherwise: the engine refuses the answer)."""
        return buy["character"] if len(self.names) > 1 else buy.get("character", 0)

    def between_meaning(self, request: dict[str, Any], answer: dict[str, Any]) -> str:
        """A scripted Between Story Cards answer in words."""
        if not answer:
            return f"go on to card {request['next']}"
        if "porter" in answer:
            bought = ", ".join(f"{request['porter'][b['offer']]['item']} for {self.names[self.carrier(b)]}"
                               for b in answer["porter"])
            return "call the Porter" + (f": buy {bought}" if bought else "")
        if "sell" in answer:
            return "sell " + ", ".join(f"{self.names[s['character']]}'s {s['item']}" for s in answer["sell"])
        if "use" in answer:
            items = {c["card"]: c["item"] for cards in request["usable"] for c in cards}
            return "use " + ", ".join(f"{self.names[u['character']]}'s {items[u['card']]}" for u in answer["use"])
        return "trade " + ", ".join(f"{t['item']} from {self.names[t['from']]} to {self.names[t['to']]}"
                                    for t in answer["trade"])
