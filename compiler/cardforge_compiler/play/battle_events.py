"""The events of a Battle in words, for ``cardforge play``: the Setup, each Character
turn, the Enemy turn step by step (moves with from and to, Threat cards, attacks,
automatic Wounds, the Defense roll, Wounds), terrain actions and the end.

The events are the runtime's (docs/runtime.md, "Battle rounds" Events, "Attacks",
"The Defense roll", "The Enemy turn", "Terrain actions"); an event this module does
not know is still shown, as its name and fields in words. Figures are named from the
screen's ``figures`` (kept after a figure leaves the board).
"""

from __future__ import annotations

from typing import Any

import click

from cardforge_compiler.report import plural, shown

__all__ = ["BattleNarration", "square_text"]


def square_text(square: Any) -> str:
    """A ``[column, row]`` square as ``(c, r)``."""
    return f"({square[0]}, {square[1]})"


_sq = square_text


class BattleNarration:
    """Battle events in words (a mixin of the play screen: it uses ``session``,
    ``who``, ``fig`` and ``tile_name``)."""

    session: Any

    def who(self, index: int | None) -> str:  # pragma: no cover - the Screen's
        raise NotImplementedError

    def fig(self, figure: Any) -> str:  # pragma: no cover - the BattleScreen's
        raise NotImplementedError

    def tile_name(self, index: Any) -> str:  # pragma: no cover - the BattleScreen's
        raise NotImplementedError

    def battle_event(self, event: dict[str, Any]) -> str | None:
        """A Battle event in words (``None``: the event is not shown); an event of
        another shape than the runtime documents is shown by :meth:`generic`."""
        try:
            return self.worded(event)
        except (KeyError, IndexError, TypeError, AttributeError):
            return self.generic(event)

    def worded(self, event: dict[str, Any]) -> str | None:
        kind, fig = event["event"], self.fig
        e = event
        if kind == "setup":
            return (f"The Battle is set up on {shown(e['layout'])} for {plural(e['characters'], 'Character')}: "
                    f"{plural(len(e['enemies']), 'Enemy')}"
                    + (f", {', '.join(shown(n['enemy']) for n in e['named'])}" if e.get("named") else ""))
        if kind == "deploy":
            return f"{fig(e['figure'])} starts at {_sq(e['square'])} facing {e['facing']}"
        if kind == "prepare":
            weapons = ", ".join(self.card_name(c) for c in e["weapons"]) or "no Weapon"
            return f"{fig(e['figure'])} equips {weapons}" + (", Stance flipped" if e["flipped"] else "")
        if kind == "round":
            return click.style(f"Round {e['round']}", bold=True)
        if kind == "stones":
            return f"Stones of Chance rolled: {shown(', '.join(e['faces']))}"
        if kind == "turn":
            return f"{fig(e['figure'])}'s turn"
        if kind == "turn-end":
            return f"{self.who(e['character'])}'s turn ends" + (f" ({e['reason']})" if e["reason"] != "end" else "")
        if kind == "character-move":
            return (f"{fig(e['figure'])} moves {_sq(e['from'])} -> {_sq(e['to'])} facing {e['facing']} "
                    f"({plural(e['cost'], 'point')})")
        if kind == "stone":
            return f"{fig(e['figure'])} spends the {shown(e['face'])} Stone: {shown(e['name'])}"
        if kind == "any-face":
            return f"  as {shown(e['face'])}: {shown(e['name'])}"
        if kind == "stones-removed":
            return (f"Unspent Stones of Chance removed: {shown(', '.join(e['stones'])) or 'none'}\n"
                    + click.style("── The Enemy turn ──", bold=True))
        if kind == "ability":
            return f"{fig(e['figure'])} uses the {e['ability'].capitalize()} {shown(e['name'])}"
        if kind == "attack":
            notes = [w for w, on in (("Advantage", e["advantage"]), ("Disadvantage", e["disadvantage"])) if on]
            return (f"{fig(e['figure'])} attacks with {self.card_name(e['weapon'])}: "
                    f"{', '.join(fig(t) for t in e['targets'])} ({plural(e['dice'], 'die')}"
                    + (f", {', '.join(notes)}" if notes else "") + ")")
        if kind == "successes":
            return f"{fig(e['figure'])}: {plural(e['successes'], 'success')}, {e['result']}"
        if kind == "assign":
            return None
        if kind == "card":
            return f"{fig(e['this'])} draws {shown(e['name'])} ({e['portion']})" if e.get("this") is not None \
                else f"Card drawn: {shown(e['name'])}"
        if kind == "threat":
            return click.style(f"{fig(e['figure'])} draws a Threat card", bold=True)
        if kind in ("enemy-move", "move"):
            if e["from"] == e["to"]:
                why = f" ({e['priority']})" if e.get("priority") else ""
                return f"{fig(e['figure'])} stays at {_sq(e['from'])}{why}"
            toward = f" toward {fig(e['toward'])}" if e.get("toward") is not None else ""
            cost = f", {plural(e['cost'], 'point')}" if "cost" in e else ""
            why = f", {e['priority']}" if e.get("priority") else ""
            return f"{fig(e['figure'])} moves {_sq(e['from'])} -> {_sq(e['to'])}{toward}{cost}{why}"
        if kind == "enemy-attack":
            targets = ", ".join(fig(t) for t in e["targets"]) or "nobody"
            return f"{fig(e['figure'])} attacks {targets} for {e['damage']}"
        if kind == "automatic-wounds":
            return (f"{fig(e['figure'])} takes {e['damage']} automatic damage from {fig(e['from'])} "
                    "(attacked from outside the Melee Attack Patterns)")
        if kind == "defense":
            return (f"{fig(e['figure'])}'s Defense [{' '.join(map(str, e['faces']))}] blocks {e['blocked']} of "
                    f"{e['damage']} damage: {plural(e['wounds'], 'Wound')}")
        if kind == "wound":
            amount = e.get("amount", 1)
            return f"{fig(e['figure'])} takes {plural(amount, 'Wound')}: {e.get('result', '')}".rstrip(": ")
        if kind == "defeat":
            return f"{fig(e['figure'])} is Defeated"
        if kind == "rescue":
            return f"{fig(e['figure'])} rescues {fig(e['rescued'])} ({e['healed']} Health), facing {e['facing']}"
        if kind == "trade":
            give = ", ".join(self.card_name(c) for c in e["give"]) or "nothing"
            take = ", ".join(self.card_name(c) for c in e["take"]) or "nothing"
            return f"{fig(e['figure'])} trades with {fig(e['with'])}: gives {give}, takes {take}"
        if kind == "search":
            return f"{fig(e['figure'])} searches at {_sq(e['at'])}: token {shown(str(e['token']))}"
        if kind == "exit":
            return f"{fig(e['figure'])} leaves the map by Exit area {e['area'] + 1}"
        if kind == "return":
            return f"{fig(e['figure'])} comes back from Exit area {e['area'] + 1} to {_sq(e['to'])}"
        if kind == "upkeep":
            return f"Upkeep: {plural(e['effects'], 'effect')}" if e["effects"] else None
        if kind == "battle-end":
            outcome = e["outcome"]
            if "objective" in outcome:
                return click.style(f"The Battle ends in round {e['round']}: objective {outcome['objective'] + 1} met",
                                   bold=True)
            return click.style(f"The Battle is lost in round {e['round']} ({outcome['lost'].replace('_', ' ')})",
                               bold=True)
        if kind == "interact":
            return f"{fig(e['figure'])}: {shown(e['name'])} ({self.tile_name(e['tile'])})"
        if kind == "interact-result":
            verdict = "passed" if e["passed"] else "failed"
            return f"{plural(e['successes'], 'success')} of {e['needed']} needed: {verdict}"
        if kind == "remove-tile":
            return f"The {self.tile_name(e['tile'])} is removed from the map"
        if kind == "roll-in-line":
            return f"The {self.tile_name(e['tile'])} rolls {e['direction']} through " \
                   + ", ".join(_sq(s) for s in e["path"])
        if kind == "activate":
            return "Activated: " + ", ".join(fig(f) for f in e["figures"])
        if kind == "extra-attack-die":
            n = e['extra_attack_dice']
            return f"{fig(e['figure'])} rolls {n} extra {'die' if n == 1 else 'dice'} on the next Attack"
        if kind == "move-bonus":
            return f"{fig(e['figure'])} gains +{e['move_bonus']} Move this turn"
        if kind == "auto-successes":
            auto = e["auto_successes"]
            return f"{fig(e['figure'])}'s next {auto['stat']} Challenge gets {plural(auto['successes'], 'success')}"
        if kind == "heal":
            return f"{fig(e['figure'])} heals {plural(e['amount'], 'Wound')}"
        if kind == "status":
            return f"{fig(e['figure'])} gains the {shown(e['token'])} token"
        if kind == "remove-status":
            by = f" (by the {shown(e['by'])} Stone)" if e.get("by") else ""
            return f"{fig(e['figure'])} loses the {shown(e['token'])} token{by}"
        if kind in ("push", "place", "swing", "slide", "ride"):
            verb = {"push": "is pushed", "place": "is placed", "swing": "swings", "slide": "slides",
                    "ride": "rides"}[kind]
            return f"{fig(e['figure'])} {verb} {_sq(e['from'])} -> {_sq(e['to'])}"
        return self.generic(e)                 # spawn, gain, fall, ...: its fields in words

    def generic(self, event: dict[str, Any]) -> str:
        """Any other event, in plain words: its name and fields, figures named."""
        parts = []
        for key, value in event.items():
            if key == "event":
                continue
            if key in ("figure", "this", "you", "from_figure", "with") and isinstance(value, int):
                value = self.fig(value)
            elif key == "figures" and isinstance(value, list):
                value = ", ".join(self.fig(v) for v in value)
            elif isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value) \
                    and key in ("from", "to", "at", "square"):
                value = _sq(value)
            parts.append(f"{key.replace('_', ' ')} {shown(str(value))}")
        return f"{event['event'].replace('-', ' ')}: " + ", ".join(parts)

    def card_name(self, card: str) -> str:
        """An Equipment card id (``Equipment#7``) as its name."""
        from cardforge_runtime.deck_play import decks_by_name
        from cardforge_runtime.decks import card_of

        pack = self.session.bundle.find_story(self.session.state["story"], self.session.state["pack"])[0]
        decks = {**decks_by_name(pack), **{d["name"]: d for d in pack.get("threat_decks") or ()}}
        try:
            return shown(str(card_of(decks, card)["name"]))
        except (KeyError, ValueError, TypeError):
            return shown(str(card))
