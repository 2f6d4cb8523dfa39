"""The shapes of the Battle rounds' requests: one ``TypedDict`` per request kind a
Battle played by the engine makes beside the story's kinds (``deploy``, ``prepare``,
``stones``, ``turn``, ``pips``, ``assign``, ``defend``), and the shapes of their parts
(the ``turn`` request's options, a Stone of Chance listing, a Defense roll's group).

The story's kinds that a Battle also asks (``roll``, ``reroll``, ``character``, ``pick``,
``text``, ``leave``) are in ``request_shapes``, with the Battle's optional fields.
Their answers are checked by ``battle.round_answers.check_round_answer``; the exact JSON
of each request and answer is in docs/runtime.md ("Attacks", "The Defense roll",
"Battle rounds", "Stones of Chance and abilities"). Every request a Session yields in a
Battle carries ``card``, the Battle card's id (``story_battle.with_card``).

Rule sources: Gascony's Legacy, "Battle Cards - Setup" 6, "1. All for One!",
"2. Character Turns", "Attack Rolls", "Enemy Attacks". Standard library only; imports
nothing of the runtime.
"""

# No ``from __future__ import annotations``: ``NotRequired`` in a class body must be
# evaluated for ``__required_keys__`` to leave the key out (Python 3.11).
from typing import Literal, NotRequired, TypedDict

__all__ = [
    "AssignRequest", "AssignTarget", "AttackOption", "AttackWeapon", "DefendRequest", "DefenseGroup",
    "DeployRequest", "EndOption", "EnemyDefense", "ExitOption", "InteractAction", "InteractChallenge",
    "InteractTile", "MoveOption", "MoveSquare", "ObjectiveOption", "PipsRequest", "PrepareAction",
    "PrepareCard", "PrepareRequest", "RescueAction", "RoundRequest", "SearchAction", "StoneChoice",
    "StoneListing", "StoneOption", "StonesRequest", "AbilityAction", "TradeAction", "TradePartner",
    "TurnOption", "TurnRequest", "UseCard", "UseOption", "ReturnOption",
]

#: A board square, ``[column, row]``.
Square = list[int]
#: A facing (``board.DIRECTIONS``).
Facing = Literal["north", "east", "south", "west"]


# -- parts ------------------------------------------------------------------------------


class StoneChoice(TypedDict):
    """One option of a Stone of Chance: ``option``, its number (the answer's
    ``{"option": j}``), and its ``name`` (the pack's text)."""
    option: int
    name: str


class StoneListing(TypedDict):
    """A stone of the pool that may be spent now: ``stone``, its position in the pool,
    its ``face`` and the ``options`` usable now (``stones.stone_options``; a ``reroll``
    request's ``stones``: those usable mid-roll)."""
    stone: int
    face: str
    options: list[StoneChoice]


class DefenseGroup(TypedDict):
    """A group of attacks one Defense roll answers (Gascony's Legacy, Enemy Attacks 3B):
    the ``attacks`` (Enemy figure ids) of the same ``advantage`` / ``disadvantage``
    against the defender, and their total ``damage``."""
    advantage: bool
    disadvantage: bool
    damage: int
    attacks: list[int]


class EnemyDefense(TypedDict):
    """An Enemy's Defense ``wounded`` / ``defeated`` (a Named Enemy: ``wounded`` only),
    lowered as the Attack's rules say, never below 1."""
    wounded: int
    defeated: NotRequired[int]


class AssignTarget(TypedDict):
    """A target of an ``assign`` request: its ``figure`` id, the ``enemy`` name, its
    ``defense``, whether it is ``wounded`` and (a Named Enemy) its ``health``."""
    figure: int
    enemy: str
    defense: EnemyDefense
    wounded: bool
    health: int | None


class PrepareCard(TypedDict):
    """A Weapon card a ``prepare`` request offers: ``card`` (its instance id), ``name``,
    the ``hands`` and ``slot`` (``"primary"`` / ``"secondary"``) printed on it."""
    card: str
    name: str
    hands: int | None
    slot: str | None


# -- the turn request's options (docs/runtime.md, Battle rounds: the turn request) ------------


class MoveSquare(TypedDict):
    """A square the Move can reach (``to``) and its ``cost`` in Movement points
    without turning."""
    to: Square
    cost: int


class MoveOption(TypedDict):
    """The Move: ``points`` left (the Move stat plus the turn's ``move_bonus``), the
    ``facing`` now and every square reachable. Answer ``{"do": "move", "to", "facing"}``."""
    do: Literal["move"]
    points: int
    facing: Facing
    squares: list[MoveSquare]


class PrepareAction(TypedDict):
    """The Prepare Action. Answer ``{"do": "action", "action": "prepare"}``."""
    do: Literal["action"]
    action: Literal["prepare"]


class AbilityAction(TypedDict):
    """A Talent or Support used as the Action (``abilities.ability_actions``). Answer
    ``{"do": "action", "action": "talent" | "support"}``."""
    do: Literal["action"]
    action: Literal["talent", "support"]
    name: str


class RescueAction(TypedDict):
    """Rescue one of the adjacent Fallen allies ``figures``. Answer ``{"do": "action",
    "action": "rescue", "figure"}``."""
    do: Literal["action"]
    action: Literal["rescue"]
    figures: list[int]


class TradePartner(TypedDict):
    """An ally to trade with: its ``figure`` and the ``cards`` it holds."""
    figure: int
    cards: list[str]


class TradeAction(TypedDict):
    """Trade with one of the adjacent allies ``figures`` (standing or Fallen): the Character's own
    ``cards`` and each partner's. Answer ``{"do": "action", "action": "trade",
    "figure", "give", "take"}``."""
    do: Literal["action"]
    action: Literal["trade"]
    figures: list[int]
    cards: list[str]
    partners: list[TradePartner]


class InteractChallenge(TypedDict):
    """The challenge of a terrain action: ``stat`` and the ``successes`` needed."""
    stat: str
    successes: int


class InteractTile(TypedDict):
    """A terrain action on offer: placed tile ``tile``, the action's ``name`` and its
    ``challenge`` (``None``: none)."""
    tile: int
    name: str
    challenge: InteractChallenge | None


class InteractAction(TypedDict):
    """Interact with terrain (``terrain_actions.interact_options``). Answer ``{"do":
    "action", "action": "interact", "tile", "name"}``."""
    do: Literal["action"]
    action: Literal["interact"]
    tiles: list[InteractTile]


class SearchAction(TypedDict):
    """Search one of the Search tokens at ``squares`` (on or next to the Character).
    Answer ``{"do": "action", "action": "search", "at"}``."""
    do: Literal["action"]
    action: Literal["search"]
    squares: list[Square]


class AttackWeapon(TypedDict):
    """A Weapon the Character may attack with: ``card`` id, ``name``, ``attack``
    (``"melee"`` / ``"ranged"``), the Enemy figure ids it reaches (``targets``) and the
    terrain ``tiles`` it may attack."""
    card: str
    name: str
    attack: Literal["melee", "ranged"]
    targets: list[int]
    tiles: list[int]


class AttackOption(TypedDict):
    """The Attack. Answer ``{"do": "attack", "weapon", "target"? | "tile"?}``."""
    do: Literal["attack"]
    weapons: list[AttackWeapon]


class StoneOption(TypedDict):
    """Spend a Stone of Chance. Answer ``{"do": "stone", "stone", "option"}``."""
    do: Literal["stone"]
    stones: list[StoneListing]


class UseCard(TypedDict):
    """A card the Character kept that they may discard to use: its ``card`` id, its
    ``item`` name and whether each of its ``use`` effects would do something now
    (``helps``)."""
    card: str
    item: str
    helps: bool


class UseOption(TypedDict):
    """Use a kept card (no Action; ``battle.use``). Answer ``{"do": "use", "card"}``."""
    do: Literal["use"]
    cards: list[UseCard]


class ReturnOption(TypedDict):
    """Come back onto the map (a Character who left by Exit area ``area``): one of the
    free ``squares`` of that area. Answer ``{"do": "return", "to"}``."""
    do: Literal["return"]
    area: int
    squares: list[Square]


class ExitOption(TypedDict):
    """Leave the map through Exit area ``area``. Answer ``{"do": "exit"}``."""
    do: Literal["exit"]
    area: int


class ObjectiveOption(TypedDict):
    """Declare met one of the ``table`` ``objectives``. Answer ``{"do": "objective",
    "objective"}``."""
    do: Literal["objective"]
    objectives: list[int]


class EndOption(TypedDict):
    """End the turn. Answer ``{"do": "end"}``."""
    do: Literal["end"]


#: One option of a ``turn`` request, told apart by ``do`` (and ``action``).
TurnOption = (MoveOption | PrepareAction | AbilityAction | RescueAction | TradeAction | InteractAction
              | SearchAction | AttackOption | StoneOption | UseOption | ExitOption | ReturnOption | ObjectiveOption
              | EndOption)


# -- the requests -------------------------------------------------------------------------


class DeployRequest(TypedDict):
    """Setup 6: place Character ``character`` on one of the free Start ``squares``,
    facing one of ``facings``. Answer ``{"square": [c, r], "facing": f}``."""
    kind: Literal["deploy"]
    card: int
    character: int
    squares: list[Square]
    facings: list[Facing]


class PrepareRequest(TypedDict):
    """The Prepare (Setup 6's free one, the Action, a stone): the Weapon ``cards`` the
    Character of ``figure`` may use, those ``equipped`` now, whether its Stance token is
    ``flipped`` and the ``hands`` it may use (``None``: no limit). Answer ``{"keep":
    true}`` or ``{"equip": [card ids], "flip": bool}``."""
    kind: Literal["prepare"]
    card: int
    character: int
    figure: int
    cards: list[PrepareCard]
    equipped: list[str]
    flipped: bool
    hands: int | None


class StonesRequest(TypedDict):
    """All for One: ``count`` Stones of Chance, each one of ``faces``. Answer ``{"auto":
    true}`` or ``{"faces": [count faces]}``."""
    kind: Literal["stones"]
    card: int
    round: int
    count: int
    faces: list[str]


class TurnRequest(TypedDict):
    """A Character turn: Character ``character`` (figure ``figure``) in round ``round``,
    the Stones of Chance pool ``stones``, and the legal ``options`` now. Answer one
    option's ``{"do": ...}`` (docs/runtime.md, Battle rounds)."""
    kind: Literal["turn"]
    card: int
    round: int
    character: int
    figure: int
    stones: list[str]
    options: list[TurnOption]


class _DiceShown(TypedDict):
    """The fields ``pips``, ``assign`` and ``defend`` share (not a kind of its own)."""
    card: int
    character: int
    faces: list[int]
    doom: bool


class PipsRequest(_DiceShown):
    """A Weapon adds ``pips`` to up to ``dice_count`` of the dice ``faces``;
    ``suggested`` gains the most (never applied unasked). Answer ``{"dice":
    [positions]}``."""
    kind: Literal["pips"]
    pips: int
    dice_count: int
    suggested: list[int]
    advantage: bool
    disadvantage: bool


class AssignRequest(_DiceShown):
    """An Attack's ``successes`` given to its ``targets`` (a 6 whole to one target
    unless ``split_sixes``). Answer ``{"assign": [{"figure", "successes"}]}``."""
    kind: Literal["assign"]
    successes: int
    targets: list[AssignTarget]
    split_sixes: bool
    advantage: bool
    disadvantage: bool


class DefendRequest(_DiceShown):
    """A Defense roll's dice ``faces`` given to its ``groups``; ``suggested`` blocks the
    most (never applied unasked). Answer ``{"defend": [per die a group index or
    null]}``."""
    kind: Literal["defend"]
    groups: list[DefenseGroup]
    suggested: list[int | None]


#: The Battle rounds' own request kinds.
RoundRequest = (DeployRequest | PrepareRequest | StonesRequest | TurnRequest | PipsRequest | AssignRequest
                | DefendRequest)
