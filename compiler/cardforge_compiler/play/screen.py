"""What ``cardforge play`` shows: requests, outcomes and the party, in words.

Everything a bundle says is untrusted text: it is shown with control characters
escaped (:func:`cardforge_compiler.report.shown`), and no output line begins with it
(card text carries a ``│`` margin, options ``1 │``, events ``»``, the party ``-``), so
a bundle can neither drive the terminal nor forge a CI workflow command.
"""

from __future__ import annotations

import json
import shutil
import textwrap
from typing import Any

import click

from cardforge_compiler.play.battle_keyboard import BATTLE_HELP
from cardforge_compiler.play.battle_screen import BattleScreen
from cardforge_compiler.report import plural, shown
from cardforge_runtime import Session

__all__ = ["EVENT", "MARGIN", "SELL", "SELL_COST", "Screen", "say"]

#: The margin of text the bundle wrote (card text, endings): no line begins with it.
MARGIN = "│ "
#: The lead of a line that tells what happened (rolls, purchases, changes).
EVENT = "» "
#: How a sale is typed between Story cards, and when its cost may be left out (the
#: keyboard's ``sell`` reads it so; the engine knows the cost of a card held or bought).
SELL = "sell N Name [cost]"
SELL_COST = "give the cost printed on the card, unless the item is a card held or bought in this story"


def _width() -> int:
    return max(40, min(88, shutil.get_terminal_size((88, 24)).columns) - 2)


def say(text: str, lead: str = MARGIN, rest: str | None = None) -> None:
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


def _faces(faces: list[int], rule: Any, request: dict[str, Any]) -> str:
    shown = []
    for face in faces:
        value = rule.face_successes(face, advantage=request.get("advantage", False),
                                    disadvantage=request.get("disadvantage", False), doom=request.get("doom", False))
        mark = click.style(f"[{face}]", fg="green" if value else None, bold=value == 2)
        shown.append(mark)
    return " ".join(shown)


class Screen(BattleScreen):
    """Renders requests and outcomes of a session (``docs/runtime.md``, Requests; a
    Battle's through :class:`~cardforge_compiler.play.battle_screen.BattleScreen`)."""

    def __init__(self, session: Session, trace: bool = False) -> None:
        self.session = session
        self.trace = trace
        self.shown_dice: tuple[int, list[int]] | None = None   # the dice the last outcome printed
        self.rule = session.dice_rule
        self.names = [c["name"] for c in session.state["characters"]]
        #: Figure id -> name, of every figure seen on a Battle's board (kept after it leaves).
        self.figures: dict[int, str] = {}
        porter = session.bundle.find_story(session.state["story"], session.state["pack"])[0].get("porter")
        #: The deck of the pack's Porter (``None``: the pack has no Porter).
        self.porter_deck: str | None = porter["deck"] if porter else None

    def who(self, index: int | None) -> str:
        return shown(self.names[index]) if index is not None else "the group"

    def show(self, request: dict[str, Any]) -> None:
        kind = request["kind"]
        if self.show_battle(request):
            return
        if kind == "card":
            click.echo()
            click.secho(f"── Story card {request['card']}: {shown(request['title'])} ──", bold=True)
            if request["text"]:
                say(request["text"])
        elif kind == "text":
            click.echo()
            say(request["text"])
        elif kind == "choice":
            click.echo()
            width = len(str(len(request["options"])))
            for n, option in enumerate(request["options"], 1):
                say(option["text"], f"  {n:>{width}} │ ", f"  {'':>{width}} │ ")
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
                drawn = f" [drawn from the {shown(request['deck'])} deck]" if offer["card"] else ""
                click.echo(f"  {n}. {shown(offer['item'])} ({plural(offer['cost'], 'coin')}){drawn}")
            if request.get("asked", 0) > request["draw"]:
                click.echo(f"  The {shown(request['deck'])} deck had only {plural(request['draw'], 'card')} to "
                           f"draw of the {request['asked']} asked for.")
            if request["draw"]:
                click.echo("  Cards drawn and not bought go to the discard pile.")
        elif kind == "leave":
            click.echo()
            click.secho(f"{self.who(request['character'])} carries more than {request['hands']} hands of "
                        "Equipment: which card(s) are left (to the discard pile)?", bold=True)
            for n, card in enumerate(request["cards"], 1):
                click.echo(f"  {n}. {shown(card['item'])} ({plural(card['hands'], 'hand')})")
        elif kind == "keep":
            click.echo()
            click.secho(f"Campaign Mode, before {shown(request['story'])}: which Weapons does "
                        f"{self.who(request['character'])} keep (at most {plural(request['hands'], 'hand')}; the "
                        "others are discarded)?", bold=True)
            for n, card in enumerate(request["cards"], 1):
                click.echo(f"  {n}. {shown(card['item'])} ({plural(card['hands'], 'hand')})")
        elif kind == "between":
            self.show_between(request)
        elif kind == "pick":
            if request.get("for") in ("enemy-target", "enemy-square", "target", "facing", "square", "direction"):
                self.show_board(again=False)
            click.echo()
            click.secho(self.battle_pick_purpose(request) or self.pick_purpose(request), bold=True)
            for n, option in enumerate(request["options"], 1):
                click.echo(f"  {n}. {self.pick_text(request, option) or shown(self.option_text(option))}")
        elif kind == "battle":
            click.echo()
            click.secho(f"Battle: set up layout {shown(request['layout'])} and play it at the table.", bold=True)
            click.echo("When an objective is met, type its number (0: the Battle is lost):")
            for n, objective in enumerate(request["objectives"], 1):
                lead = f"card {objective['goto']}" if objective["goto"] is not None else "Victory!"
                click.echo(f"  {n}. {shown(objective['text'])} -> {lead}")
            click.echo("  0. The Battle is lost -> Defeat")
            click.echo("If the players lose the Battle, type 0 (Defeat).")
        elif kind == "end":
            click.echo()
            colour = {"victory": "green", "defeat": "red"}.get(request["result"], "yellow")
            say(request["text"] if request["text"] is not None else self.ending(request))
            click.secho(f"*** {request['result'].upper()} ***", fg=colour, bold=True)
            if "campaign" in request:
                done = ", ".join(f"{shown(r['story'])} {r['result']}" for r in request["campaign"]["stories"])
                click.secho(f"*** CAMPAIGN: {request['campaign']['result'].upper()} ({done}) ***", fg=colour, bold=True)
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
        if request["for"] == "turn":
            return f"Round {request['round']}: who takes the next Character turn?"
        return f"Who will {shown(request['for'])} {self.effect(request['effect'])}?"

    def ending(self, request: dict[str, Any]) -> str:
        """Words for an ending a rule caused (its ``reason``)."""
        return {
            "all_fallen": "All Characters have Fallen.",
            "no_health": f"{self.who(request['character'])} has no more Health tokens.",
            "battle_lost": "The Battle is lost.",
            "no_option": "No option of this choice is on offer, so the story cannot go on (a content error).",
            "no_way_on": "The card ended without saying where to go next (a content error).",
            "not_held": "The card takes an item that no Character holds, and gives no alternative (a content error).",
        }.get(request["reason"], shown(str(request["reason"])))

    def show_roll(self, request: dict[str, Any]) -> None:
        name = self.who(request["character"])
        goal = ""
        if request["target"] is not None:
            goal = f" ({request['target']}-{shown(request['stat'])} Challenge"
            goal += f", {request['so_far']} so far)" if request["so_far"] else ")"
        purpose = {"attack": " to attack", "defense": " to defend"}.get(request.get("for", ""), "")
        if request.get("tile") is not None:
            goal = f" (Defense {request['target']} of the {self.tile_name(request['tile'])})"
        if request["kind"] == "roll":
            notes = [w for w, on in (("Advantage", request["advantage"]), ("Disadvantage", request["disadvantage"]),
                                     ("Doom: a 6 counts 1", request["doom"])) if on]
            dice = f"{request['dice']} {'die' if request['dice'] == 1 else 'dice'}"
            click.echo()
            stat = f"for {request['stat']}" if request["stat"] else "(the Weapon's value)"
            say(f"{name} rolls {dice} {stat}{purpose}{goal}{'; ' + ', '.join(notes) if notes else ''}.", EVENT)
        else:
            if self.shown_dice != (request["character"], request["faces"]):     # e.g. after --resume
                click.echo(f"  {EVENT}{name}'s dice: {_faces(request['faces'], self.rule, request)} = "
                           f"{plural(request['successes'], 'success')}{goal}")
            if request.get("free"):
                say(f"{name} may reroll dice {', '.join(str(p + 1) for p in request['positions'])} for free "
                    "(the Weapon's ability).", EVENT)
            elif request["destiny"]:
                say(f"{name} may spend 1 of {request['destiny']} Destiny to reroll any or all of them.", EVENT)
            for stone in request.get("stones", []):
                for option in stone["options"]:
                    say(f"stone {stone['stone'] + 1}.{option['option'] + 1}: spend the {stone['face']} Stone of "
                        f"Chance: {option['name']}", "  " + EVENT, "    ")

    # -- Between Story Cards -------------------------------------------------

    def show_between(self, request: dict[str, Any]) -> None:
        """The Between Story Cards actions on offer before card ``next`` (Gascony's
        Legacy, Between Story Cards)."""
        click.echo()
        click.secho(f"Between Story cards (next: card {request['next']}; the party has "
                    f"{plural(request['coins'], 'coin')}):", bold=True)
        for n, items in enumerate(request["items"], 1):
            click.echo(f"  {n}. {self.who(n - 1)}: {shown(', '.join(items)) or 'no items'}")
        if request.get("porter"):
            cards = ", ".join(f"{n}. {shown(o['item'])} ({plural(o['cost'], 'coin')})"
                              for n, o in enumerate(request["porter"], 1))
            say(f"porter N ...: call the Porter (once per Story): buy from the {shown(self.porter_deck or '')} "
                f"cards under him: {cards} ('porter' alone buys none; the rest are discarded)", "  " + EVENT, "    ")
        say(f"{SELL}: Character N sells an item for half its cost, rounded up ({SELL_COST})", "  " + EVENT, "    ")
        say("trade N M Name: Character N gives an item to Character M", "  " + EVENT, "    ")
        for n, kept in enumerate(request.get("usable", []), 1):
            if kept:
                cards = ", ".join(f"{m}. {shown(c['item'])}" for m, c in enumerate(kept, 1))
                say(f"use {n} M: {self.who(n - 1)} discards a kept card to use it: {cards}", "  " + EVENT, "    ")

    def between_event(self, event: dict[str, Any]) -> str:
        """A Between Story Cards event (``sale``, ``trade``, ``porter``) in words."""
        if event["event"] == "sale":
            return f"{self.who(event['character'])} sells {shown(event['item'])} for {plural(event['coins'], 'coin')}"
        if event["event"] == "trade":
            return f"{self.who(event['from'])} gives {shown(event['item'])} to {self.who(event['to'])}"
        return "The Porter is called"

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

    def fallen_after(self, entry: dict[str, Any]) -> dict[int, str]:
        """Where the Fallen of ``entry`` are told, in the order things happened: the
        event index -> the line ``X has Fallen``, after the last Wound the Character
        took (else before the end of the Battle); its state change is then not told
        again at the end of the answer."""
        fell = [int(c["path"].split("/")[2]) for c in entry["changes"]
                if c["path"].startswith("/characters/") and c["path"].endswith("/fallen") and c["to"] is True]
        events, out = entry["events"], {}
        for index in fell:
            name = self.who(index)
            wounds = [i for i, e in enumerate(events) if e["event"] == "wound" and self.fig(e.get("figure")) == name]
            ends = [i - 1 for i, e in enumerate(events) if e["event"] == "battle-end"]
            at = wounds[-1] if wounds else (ends[0] if ends else None)
            if at is not None:
                out[at] = (out[at] + "\n" if at in out else "") + f"{name} has Fallen"
        return out

    def show_outcome(self, entry: dict[str, Any]) -> None:
        self.shown_dice = None
        self.remember_figures()                 # a figure placed by this answer
        fallen = self.fallen_after(entry)
        for at in sorted(fallen):
            if at < 0:
                self.say_fallen(fallen[at])
        for number, event in enumerate(entry["events"]):
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
            elif event["event"] == "weapon-reroll":
                self.shown_dice = (event["character"], event["faces"])
                click.echo(f"  {EVENT}{self.who(event['character'])} rerolled for free: "
                           f"{_faces(event['faces'], self.rule, entry['request'])} = "
                           f"{plural(event['successes'], 'success')}")
            elif event["event"] == "pips":
                click.echo(f"  {EVENT}{self.who(event['character'])} adds pips: now "
                           f"{' '.join(f'[{f}]' for f in event['faces'])}")
            elif event["event"] in ("sale", "trade", "porter") and "figure" not in event:
                click.echo(f"  {EVENT}{self.between_event(event)}")
            elif event["event"] == "leave":
                click.echo(f"  {EVENT}{self.who(event['character'])} leaves {shown(event['item'])} (discarded)")
            elif event["event"] == "use":
                click.echo(f"  {EVENT}{self.who(event['character'])} uses {shown(event['item'])} (discarded)")
            elif event["event"].startswith("campaign-"):
                line = self.campaign_event(event)
                if line:
                    click.echo(f"  {EVENT}{line}")
            elif event["event"] == "loot":
                kept = " and keeps it" if event["kept"] else ""
                click.echo(f"  {EVENT}{self.who(event['character'])} draws Loot: {shown(event['item'])}{kept}")
            else:
                line = self.battle_event(event)
                if line:
                    click.echo(f"  {EVENT}{line}")
            if number in fallen:
                self.say_fallen(fallen[number])
        self.remember_figures()
        told = {line for lines in fallen.values() for line in lines.split("\n")}
        for change in entry["changes"]:
            line = self.change_line(change)
            if line in told and change["path"].endswith("/fallen"):
                continue
            if line:
                click.secho(f"  {EVENT}{line}", fg="cyan")

    @staticmethod
    def say_fallen(lines: str) -> None:
        for line in lines.split("\n"):
            click.secho(f"  {EVENT}{line}", fg="cyan")

    def campaign_event(self, event: dict[str, Any]) -> str | None:
        """A Campaign Mode step in words (docs/runtime.md, Campaigns); Destiny and
        Health are told by the changes."""
        kind = event["event"]
        if kind == "campaign-keep":
            gone = ", ".join(shown(d["item"]) for d in event["discarded"])
            return f"{self.who(event['character'])} keeps {plural(len(event['kept']), 'Weapon')}" + \
                (f"; discards {gone}" if gone else "")
        if kind == "campaign-discard":
            if "coins" in event:
                return f"Campaign Mode: the party discards its {plural(event['coins'][0], 'coin')}" \
                    if event["coins"][0] else None
            return f"{self.who(event['character'])} discards {shown(event['item'])}"
        if kind == "campaign-reshuffle":
            return "Campaign Mode: every discard pile is shuffled back into its deck"
        if kind == "campaign-porter":
            return (f"Campaign Mode: the Porter is available again with {plural(len(event['cards']), 'card')}"
                    if event["called"] else None)
        if kind == "campaign-health" and event["regained"]:
            return f"{self.who(event['character'])} regains {plural(event['regained'], 'Health token')} lost to Falling"
        return None

    def change_line(self, change: dict[str, Any]) -> str | None:
        """One state change in words (``Athos: Health 5 -> 4``, ``Coins 0 -> 3``,
        ``The Porter has been called this Story``), or ``None`` for what is not shown
        (the card, the result; flags and counters unless tracing)."""
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
        if path[0] == "battle":          # the board and the events show it
            return f"(battle) {shown('/'.join(path[1:]))}: {word(old)} -> {word(new)}" if self.trace else None
        if path[0] == "coins":
            return f"Coins {old} -> {new}"
        if path[0] == "porter_called":   # Gascony's Legacy, Between Story Cards: once per Story
            return "The Porter has been called this Story" if new else "The Porter may be called again this Story"
        if path[0] == "costs":           # the purchase event says what it cost; a sale uses it
            return f"(a sale of {shown(path[1])} pays half of {word(new)} coins)" if self.trace else None
        if path[0] in ("decks", "porter", "offer") or (path[0] == "characters" and path[2:] == ["cards"]):
            # the piles are face down (the draw order is the players' secret); a card held
            # is already told by the Character's items and the purchase/leave events; the
            # cards on offer are listed by name in the purchase prompt (ids: --trace only)
            return f"(deck state) {shown('/'.join(path))}: {word(old)} -> {word(new)}" if self.trace else None
        if path[0] in ("flags", "counters"):
            return f"(story {path[0][:-1]}) {shown(path[1])}: {word(old)} -> {word(new)}" if self.trace else None
        if path[0] == "characters" and len(path) == 3:
            name, key = self.who(int(path[1])), path[2]
            if key == "fallen":
                return f"{name} has Fallen" if new else f"{name} stands up again"
            label = {"health": "Health", "destiny": "Destiny", "health_max": "maximum Health (a severe Wound)",
                     "destiny_max": "maximum Destiny", "status": "status tokens", "items": "items"}.get(key, key)
            return f"{name}: {label} {word(old)} -> {word(new)}"
        if path[0] == "characters" and len(path) == 4 and path[2] == "stats":
            return f"{self.who(int(path[1]))}: {shown(path[3])} {word(old)} -> {word(new)}"
        # A part of the state this screen does not know yet (a newer runtime): its
        # words, never a raw JSON Pointer.
        return f"{shown(' '.join(p.replace('_', ' ') for p in path))}: {word(old)} -> {word(new)}"

    # -- answers ------------------------------------------------------------

    def pick_purpose(self, request: dict[str, Any]) -> str:
        """What a ``pick`` request asks, in words (``for``: ``remove-status``, or a
        Battle's pick named by its ``for``)."""
        if request["for"] == "remove-status" and request.get("character") is not None:
            return f"{self.who(request['character'])} removes which negative Status Banner token?"
        return f"The players choose ({shown(str(request['for']))}):"

    @staticmethod
    def option_text(option: Any) -> str:
        """An option of a ``pick`` request as text (a name as it is; other data as JSON)."""
        return option if isinstance(option, str) else json.dumps(option, ensure_ascii=False)

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
            "purchase": "type the numbers of the offers to buy (1 3): the card's offers and the cards drawn "
                        "from a deck are numbered alike; press Enter to buy nothing.",
            "battle": "type the number of the objective the players met, or 0 when the Battle is lost.",
            **BATTLE_HELP,
            "leave": "type the numbers of the Equipment cards the Character leaves (1 2).",
            "keep": "type the numbers of the Weapons the Character keeps into the next Story (1 2); press Enter "
                    "to keep none.",
            "pick": f"type the number of an option (1 to {len(request.get('options', []))}).",
            "between": "press Enter to go on to the next card; or "
                       + ("'porter N ...' to call the Porter (once per Story) and buy his cards N ... ('porter' "
                          "alone buys none), " if "porter" in request else "")
                       + f"'{SELL}' (Character N sells an item for half its cost, rounded up; {SELL_COST}), "
                         "'trade N M Name' (Character N gives an item to Character M)"
                       + (", 'use N M' (Character N discards their kept card M to use it)"
                          if any(request.get("usable", [])) else "") + ".",
        }.get(kind, "")
        say(f"At this prompt: {what}", "  help: ", " " * len("  help: "))   # never the event mark: help is no event
        say("Anywhere: 'party' shows the Characters, 'q' stops (the session is saved with --save), "
             "'help' shows this.", "  ", "  ")

    def show_resumed(self) -> None:
        """Where a resumed session stands: its card and the party."""
        state = self.session.state
        card = state["card"]
        if card is not None:
            title = next(c["title"] for c in self.session.bundle.find_story(state["story"], state["pack"])[1]["cards"]
                         if c["id"] == card)
            click.secho(f"(resumed on story card {card}: {shown(title)})", bold=True)
        self.show_party()
