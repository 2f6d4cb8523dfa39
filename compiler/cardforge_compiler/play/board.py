"""The board of a Battle in play, as text: ``cardforge board``'s picture
(:mod:`cardforge_compiler.picture.text`) of the Battle's layout as terrain actions
left it, with the figures standing on it and the Stones of Chance pool.

Everything comes from the session's state (``state["battle"]``, docs/runtime.md
"Battle rounds", "The state") and the pack's ``board``: a Character is drawn as its
number (1-4) with its facing arrow, or ``_`` when Fallen; an Enemy as an upper-case
letter of its name (a letter per Enemy name, never a Search token's label, ``S`` or
``X``) with ``'`` when Wounded; a Named Enemy as its letter and its health (``+`` above
9). Unrevealed Search tokens show their layout label (``A``, ``?``); revealed ones are
listed under the picture with the token found. Start squares are shown only while
the Characters deploy.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardforge_compiler.picture.scene import Figure, build_scene
from cardforge_compiler.picture.text import OVERLAY, to_text
from cardforge_compiler.report import shown

__all__ = ["battle_picture", "enemy_letters", "figure_names"]


def enemy_letters(names: list[str], taken: set[str]) -> dict[str, str]:
    """One upper-case letter per Enemy name (first seen, first served): a letter of the
    name's last word, then of the whole name, then any letter, never one of ``taken``
    (the Search token labels) nor an overlay letter (``S``, ``X``); ``%`` when none is
    left."""
    reserved = set(taken) | {OVERLAY["start"], OVERLAY["exit"]}
    letters: dict[str, str] = {}
    for name in names:
        if name in letters:
            continue
        used = set(letters.values()) | reserved
        words = name.split()
        pool = [ch for ch in (words[-1] if words else "") + name + "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                if "A" <= ch.upper() <= "Z"]
        letters[name] = next((ch.upper() for ch in pool if ch.upper() not in used), "%")
    return letters


def figure_names(battle: Mapping[str, Any], characters: list[Mapping[str, Any]]) -> dict[int, str]:
    """Figure id -> how the screen names it: a Character's name, an Enemy's name and id
    (``Cardinal's Guard #3``), a Named Enemy's name."""
    names = {f["id"]: str(characters[f["character"]]["name"]) for f in battle.get("characters", [])}
    names.update({f["id"]: f"{f['enemy']} #{f['id']}" for f in battle.get("enemies", [])})
    names.update({f["id"]: str(f["enemy"]) for f in battle.get("named", [])})
    return names


def _square(square: Any) -> str:
    return f"({square[0]}, {square[1]})"


def battle_picture(pack_board: Mapping[str, Any], battle: Mapping[str, Any], characters: list[Mapping[str, Any]],
                   *, unicode: bool = True) -> str:
    """The text picture of ``battle`` (``state["battle"]``) on the pack's ``board``.

    Args:
        pack_board: the pack's bundle ``board`` (``Bundle.board(pack)``).
        battle: the session state's ``battle`` (not ``None``).
        characters: the state's ``characters`` (names, Health, Fallen).
        unicode: as :func:`~cardforge_compiler.picture.text.to_text`.

    Raises:
        EngineError: the layout or the terrain record is malformed (as ``build_scene``).
    """
    scene = build_scene(pack_board, battle["layout"], terrain=battle.get("terrain"))
    layout_labels = {tuple(t["at"]): t["token"] for t in pack_board["layouts"][battle["layout"]]["search_tokens"]}
    tokens = battle.get("search_tokens", [])
    scene.search_tokens = [(layout_labels.get(tuple(t["at"]), "?"), (t["at"][0], t["at"][1]))
                           for t in tokens if not t["revealed"]]
    scene.deployment, scene.named_enemies = [], []
    if battle.get("phase") != "setup":
        scene.start = []
    letters = enemy_letters([f["enemy"] for f in battle.get("enemies", []) + battle.get("named", [])],
                            {label[:1].upper() for label, _ in scene.search_tokens})
    figures = []
    for f in battle.get("characters", []):
        who = characters[f["character"]]
        fallen = bool(who.get("fallen"))
        state = "Fallen" if fallen else f"facing {f['facing']}"
        figures.append(Figure((f["square"][0], f["square"][1]), str(f["character"] + 1)[:1],
                              "_" if fallen else f["facing"],
                              f"{who['name']} at {_square(f['square'])}, {state}, Health {who['health']}/"
                              f"{who['health_max']}, Destiny {who['destiny']}"))
    for f in battle.get("enemies", []):
        figures.append(Figure((f["square"][0], f["square"][1]), letters[f["enemy"]], "'" if f["wounded"] else " ",
                              f"{f['enemy']} #{f['id']} at {_square(f['square'])}"
                              + (", Wounded" if f["wounded"] else "")))
    for f in battle.get("named", []):
        health = f["health"]
        figures.append(Figure((f["square"][0], f["square"][1]), letters[f["enemy"]],
                              str(health) if 0 <= health <= 9 else "+",
                              f"{f['enemy']} (Named Enemy) at {_square(f['square'])}, health {health}"))
    scene.figures = figures
    text = to_text(scene, unicode=unicode)
    extra = [f"     Search token {shown(str(t['token']))} at {_square(t['at'])}: revealed"
             for t in tokens if t["revealed"]]
    gone = {e["character"] for e in battle.get("exited", [])}
    extra += [f"     {shown(str(characters[i]['name']))} has left the map by an Exit" for i in sorted(gone)]
    if battle.get("stones"):
        extra.append(f"  Stones of Chance: {shown(', '.join(battle['stones']))}")
    return text + "".join(line + "\n" for line in extra)
