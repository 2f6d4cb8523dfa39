"""What ``cardforge play`` reads in a Battle: typed numbers turned into the answers of
the Battle requests (docs/runtime.md, "Battle rounds"), and a scripted Battle answer
in words.

Each ``parse_<kind>`` raises ``ValueError`` with what to type when the text does not
fit; the engine's own check (``Session.check_answer``) runs on the answers that need
more than one line, so a refused answer is told at once with the engine's reason.
At any prompt ``board`` draws the board again.
"""

from __future__ import annotations

from typing import Any

import click

from cardforge_compiler.play.battle_screen import turn_choices
from cardforge_runtime import AnswerError
from cardforge_runtime.board import DIRECTIONS, turns_between

__all__ = ["BATTLE_HELP", "BATTLE_PROMPTS", "BattleKeyboard"]

#: The prompt of each Battle request.
BATTLE_PROMPTS = {
    "deploy": "Start square and facing (e.g. 2 east)",
    "prepare": "[Enter] keeps; or the Weapons to equip (numbers) and/or 'flip'",
    "stones": "[Enter] to roll, or type the faces rolled (numbers)",
    "turn": "Choose",
    "assign": "Successes per target (one number each)",
    "pips": "Dice for the pips ([Enter]: the suggested ones)",
    "defend": "Group per die (0: none; [Enter]: the suggested)",
}

#: What each Battle prompt takes (``help``).
BATTLE_HELP = {
    "deploy": "type the number of a Start square and a facing (north, east, south, west, or n e s w), "
              "such as: 2 east.",
    "prepare": "press Enter to keep the Weapons as they are; type the numbers of the Weapons to equip (1 2), "
               "'none' to equip none, and add 'flip' to flip the Stance token.",
    "stones": "press Enter and the Stones of Chance are rolled for you, or type the numbers of the faces rolled "
              "at the table (one per Stone).",
    "turn": "type the number of an option; a Move then asks the facing (or type it after the number: 3 south); "
            "a Trade asks which cards are given and taken (0: none; [Enter]: back to the options). "
            "'board' draws the board.",
    "assign": "type the successes given to each target, in the order listed (2 1); the total at most the "
              "successes rolled.",
    "pips": "press Enter for the suggested dice, or type the positions of the dice that get the pips (1 3).",
    "defend": "press Enter for the suggested assignment, or type one group number per die (0: no group).",
}


def _facing(word: str) -> str:
    word = word.strip().lower()
    for direction in DIRECTIONS:
        if word and direction.startswith(word):
            return direction
    raise ValueError(f"type a facing: {', '.join(DIRECTIONS)}")


class BattleKeyboard:
    """The Battle part of :class:`~cardforge_compiler.play.keyboard.Terminal` (a
    mixin: it uses the terminal's ``session``, ``numbers``, ``one``, ``fig`` and
    ``tile_name``)."""

    session: Any

    def numbers(self, text: str, low: int, high: int) -> list[int]:  # pragma: no cover - the Terminal's
        raise NotImplementedError

    def one(self, text: str, count: int, low: int = 1) -> int:  # pragma: no cover - the Terminal's
        raise NotImplementedError

    def checked(self, answer: dict[str, Any]) -> dict[str, Any]:
        """``answer`` if the engine takes it, else ``ValueError`` with its reason."""
        try:
            self.session.check_answer(answer)
        except AnswerError as error:
            raise ValueError(f"not accepted: {error.reason}") from None
        return answer

    def ask_line(self, prompt: str) -> str:
        from cardforge_compiler.play.keyboard import QUIT_WORDS, Quit, _read

        text = _read(prompt).strip()
        if text.lower() in QUIT_WORDS:
            raise Quit("the player stopped")
        return text

    def parse_deploy(self, request: dict[str, Any], text: str) -> dict[str, Any]:
        parts = text.split()
        if not parts:
            raise ValueError("type the number of a Start square and a facing, such as: 1 east")
        if len(parts) > 2:
            raise ValueError(f"not accepted: {' '.join(parts[2:])!r} after the facing; type a Start square and a "
                             "facing, such as: 1 east")
        square = request["squares"][self.one(parts[0], len(request["squares"])) - 1]
        facing = _facing(parts[1]) if len(parts) > 1 else _facing(self.ask_line("Facing (north, east, south, west)"))
        return self.checked({"square": square, "facing": facing})

    def parse_prepare(self, request: dict[str, Any], text: str) -> dict[str, Any]:
        if not text:
            return {"keep": True}
        words = text.lower().replace(",", " ").split()
        flip = "flip" in words
        rest = [w for w in words if w not in ("flip", "none")]
        equip = [request["cards"][n - 1]["card"] for n in self.numbers(" ".join(rest), 1, len(request["cards"]))] \
            if rest else ([] if "none" in words else list(request["equipped"]))
        return self.checked({"equip": equip, "flip": flip})

    def parse_stones(self, request: dict[str, Any], text: str) -> dict[str, Any]:
        if not text:
            return {"auto": True}
        faces = [request["faces"][n - 1] for n in self.numbers(text, 1, len(request["faces"]))]
        if len(faces) != request["count"]:
            raise ValueError(f"type {request['count']} face numbers, or press Enter to roll")
        return {"faces": faces}

    def parse_turn(self, request: dict[str, Any], text: str) -> dict[str, Any]:
        choices = turn_choices(request, self.fig, self.tile_name)   # type: ignore[attr-defined]
        number, rest = (text.split(None, 1) + [""])[:2] if text.strip() else ("", "")
        picked = self.one(number, len(choices))
        label, answer, needs = choices[picked - 1]
        if rest.strip() and needs != "facing":            # only a Move takes a word after its number
            raise ValueError(f"not accepted: option {picked} ({label}) takes no direction; type {picked} alone")
        answer = dict(answer)
        if needs == "facing":
            move = next(o for o in request["options"] if o["do"] == "move")
            cost = next(s["cost"] for s in move["squares"] if s["to"] == answer["to"])
            if rest.strip():
                answer["facing"] = _facing(rest)
            else:
                left = move["points"] - cost
                offers = [d for d in DIRECTIONS if turns_between(move["facing"], d) <= left]
                listing = ", ".join(f"{d} ({cost + turns_between(move['facing'], d)})" for d in offers)
                while True:
                    word = self.ask_line(f"Facing at the end, with the total cost: {listing}; [Enter] keeps "
                                         f"{move['facing']}")
                    try:
                        answer["facing"] = _facing(word) if word else move["facing"]
                        break
                    except ValueError as error:
                        click.secho(f"  {error}", fg="yellow")
        elif needs == "trade":
            trade = next(o for o in request["options"] if o.get("action") == "trade")
            partner = next(p for p in trade["partners"] if p["figure"] == answer["figure"])
            answer["give"] = self.pick_cards(trade["cards"], "give")
            answer["take"] = self.pick_cards(partner["cards"], "take")
        return self.checked(answer)

    def pick_cards(self, cards: list[str], verb: str) -> list[str]:
        """Ask which of ``cards`` are given or taken in a Trade: their numbers, ``0`` for
        none; [Enter] calls the Trade off (``ValueError``: the turn's options are asked
        again and nothing is played)."""
        if not cards:
            return []
        listing = ", ".join(f"{n}. {self.card_name(c)}" for n, c in enumerate(cards, 1))  # type: ignore[attr-defined]
        while True:
            text = self.ask_line(f"Cards to {verb}: {listing} (numbers; 0: none; [Enter]: back to the options)")
            if not text:
                raise ValueError("the Trade is called off: choose again")
            try:
                return [] if text == "0" else [cards[n - 1] for n in self.numbers(text, 1, len(cards))]
            except ValueError as error:
                click.secho(f"  {error}", fg="yellow")

    def parse_assign(self, request: dict[str, Any], text: str) -> dict[str, Any]:
        values = self.numbers(text, 0, request["successes"]) if text else []
        if len(values) != len(request["targets"]):
            raise ValueError(f"type {len(request['targets'])} numbers, one per target, from 0 to "
                             f"{request['successes']}")
        return self.checked({"assign": [{"figure": t["figure"], "successes": v}
                                        for t, v in zip(request["targets"], values, strict=True)]})

    def parse_pips(self, request: dict[str, Any], text: str) -> dict[str, Any]:
        if not text:
            return {"dice": list(request["suggested"])}
        return self.checked({"dice": [n - 1 for n in self.numbers(text, 1, len(request["faces"]))]})

    def parse_defend(self, request: dict[str, Any], text: str) -> dict[str, Any]:
        if not text:
            return {"defend": list(request["suggested"])}
        values = self.numbers(text, 0, len(request["groups"]))
        if len(values) != len(request["faces"]):
            raise ValueError(f"type {len(request['faces'])} group numbers, one per die (0: none)")
        return self.checked({"defend": [v - 1 if v else None for v in values]})

    def parse_stone_in_reroll(self, request: dict[str, Any], text: str) -> dict[str, Any] | None:
        """``stone K.J`` at a ``reroll`` request that lists Stones of Chance: spend option
        J of stone K (as the screen numbers them); ``None`` for any other text."""
        if not text.lower().startswith("stone"):
            return None
        stone, _, option = text[5:].strip().partition(".")
        listed = request.get("stones") or []
        if not listed:
            raise ValueError("no Stone of Chance can be spent on this roll")
        try:
            answer = {"stone": int(stone) - 1, "option": int(option) - 1}
        except ValueError:
            raise ValueError("type: stone K.J (as listed, e.g. stone 1.2)") from None
        return self.checked(answer)

    # -- a scripted answer in words --------------------------------------------------

    def battle_meaning(self, request: dict[str, Any], answer: dict[str, Any]) -> str:
        """A scripted Battle answer in words (``""``: nothing to add)."""
        kind = request["kind"]
        if kind == "deploy":
            return f"start at ({answer['square'][0]}, {answer['square'][1]}) facing {answer['facing']}"
        if kind == "prepare":
            return "keep the Weapons" if answer.get("keep") else \
                "equip " + (", ".join(self.card_name(c) for c in answer["equip"]) or "nothing") \
                + (", flip the Stance" if answer.get("flip") else "")  # type: ignore[attr-defined]
        if kind == "stones":
            return "roll the Stones" if answer.get("auto") else ", ".join(answer["faces"])
        if kind == "turn":
            for label, choice, needs in turn_choices(request, self.fig, self.tile_name):  # type: ignore[attr-defined]
                if all(answer.get(k) == v for k, v in choice.items()):
                    return label + (f", facing {answer['facing']}" if needs == "facing" else "")
            return ""
        if kind == "assign":
            return ", ".join(f"{a['successes']} to {self.fig(a['figure'])}" for a in answer["assign"])  # type: ignore[attr-defined]
        if kind == "defend":
            return "dice to groups " + " ".join("-" if g is None else str(g + 1) for g in answer["defend"])
        if kind == "pips":
            return "pips on dice " + (" ".join(str(d + 1) for d in answer["dice"]) or "none")
        return ""
