"""The shapes of the story's requests (and the campaign's ``keep``): one ``TypedDict``
per request kind, as the engine yields them (docs/runtime.md, Requests and answers).

The kinds a Battle played by the engine shares with the story (``roll``, ``reroll``,
``character``, ``pick``) carry the Battle's optional fields here too (a Defense roll's
``groups``, a Weapon's free reroll's ``free`` and ``positions``, the Stones of Chance a
``reroll`` lists, the Enemy turn's ``pick`` fields); the Battle rounds' own kinds are in
``battle_requests``. ``requests`` re-exports every name and checks the answers.

Standard library only; imports only ``battle_requests`` (the shapes of the Battle's parts).
"""

# No ``from __future__ import annotations``: ``NotRequired`` in a class body must be
# evaluated for ``__required_keys__`` to leave the key out (Python 3.11).
from typing import Any, Literal, NotRequired, TypedDict

from cardforge_runtime.battle_requests import DefenseGroup, StoneListing

# -- the requests (docs/runtime.md, Requests and answers) ----------------------------


class TextRequest(TypedDict):
    """Text to show (a story's introduction has ``card`` ``None``). Answer: ``{}``."""
    kind: Literal["text"]
    card: int | None
    text: str


class CardRequest(TypedDict):
    """A story card is drawn: show its title and text. Answer: ``{}``."""
    kind: Literal["card"]
    card: int
    title: str
    text: str


class ChoiceOption(TypedDict):
    """One option of a ``choice`` request: ``option``, its index among the step's options
    (the answer's ``{"option": i}``), and its ``text`` (Gascony's Legacy, Event Cards)."""
    option: int
    text: str


class ChoiceRequest(TypedDict):
    """The group chooses one option (Gascony's Legacy, Event Cards). Answer:
    ``{"option": i}``."""
    kind: Literal["choice"]
    card: int
    options: list[ChoiceOption]


#: The group picks a Character among ``characters`` (positions). ``for`` says what
#: for: ``"challenge"`` (with ``stat`` and ``successes``), ``"roll"`` (with
#: ``stat``), ``"gain"``/``"lose"`` (with ``effect``), or in a Battle ``"turn"`` (who
#: takes the next Character turn, with the ``round``). Answer: ``{"character": i}``.
CharacterRequest = TypedDict("CharacterRequest", {
    "kind": Literal["character"],
    "card": int,
    "characters": list[int],
    "for": Literal["challenge", "roll", "gain", "lose", "turn"],
    "stat": NotRequired[str],
    "successes": NotRequired[int],
    "effect": NotRequired[dict[str, Any]],
    "round": NotRequired[int],
})


class _DiceRequest(TypedDict):
    """The fields a ``roll`` and a ``reroll`` request share (not a request kind of
    its own). ``stat`` is ``None`` for a Ranged Attack (it rolls the Weapon's value);
    a Defense roll (``for: "defense"``) carries its ``groups`` and an Attack on a
    terrain tile its ``tile`` (docs/runtime.md, Attacks, The Defense roll)."""
    card: int
    character: int
    stat: str | None
    dice: int
    advantage: bool
    disadvantage: bool
    doom: bool
    target: int | None
    so_far: int
    groups: NotRequired[list[DefenseGroup]]
    tile: NotRequired[int]


#: What a roll is for: a story's ``"challenge"`` or ``"roll"``, a Battle's
#: ``"attack"`` or ``"defense"``; a reroll may also be a Weapon's free
#: ``"weapon-reroll"`` (the key ``for`` is a Python keyword, hence the functional form).
_RollFor = TypedDict("_RollFor", {"for": Literal["challenge", "roll", "attack", "defense"]})
_RerollFor = TypedDict("_RerollFor", {"for": Literal["challenge", "roll", "attack", "defense", "weapon-reroll"]})


class RollRequest(_DiceRequest, _RollFor):
    """A Character rolls ``dice`` dice for ``stat`` (Gascony's Legacy, Dice Rolls).
    Answer: ``{"faces": [...]}`` or ``{"auto": true}``, with ``advantage`` /
    ``disadvantage`` true or false."""
    kind: Literal["roll"]


class RerollRequest(_DiceRequest, _RerollFor):
    """After a roll, the Character may spend 1 Destiny to reroll some dice (Gascony's
    Legacy, Dice Rolls). The roll request's fields, and the ``faces`` rolled, their
    ``successes`` and the Character's ``destiny``. Answer: ``{"keep": true}`` or
    ``{"reroll": [positions], "faces": [...]}`` / ``{"reroll": [...], "auto": true}``.
    In a Battle: a Weapon's free reroll (``for: "weapon-reroll"``) has ``free`` true and
    the ``positions`` it may reroll; in the roller's own Character turn, ``stones``
    lists the Stones of Chance it may spend meanwhile (answer ``{"stone", "option"}``)."""
    kind: Literal["reroll"]
    faces: list[int]
    successes: int
    destiny: int
    free: NotRequired[bool]
    positions: NotRequired[list[int]]
    stones: NotRequired[list[StoneListing]]


class PurchaseOffer(TypedDict):
    """An offer: a fixed offer of the card (``card`` ``None``) or a deck card drawn
    (``card`` its instance id, ``item`` and ``cost`` printed on it)."""
    offer: int
    item: str
    cost: int
    card: str | None


class PurchaseRequest(TypedDict):
    """Players may purchase (Gascony's Legacy, Event Cards): the ``offers``, the card's
    fixed offers then the ``draw`` cards drawn from ``deck`` (``None``: no deck) of the
    ``asked`` (``per_player`` x players; fewer drawn when the deck runs out, 0 without a deck);
    ``items`` is what each
    Character holds (they may sell it: Between Story Cards, Sell Equipment);
    ``costs`` the cost of each item bought in this story (a sale of it uses that).
    Answer: ``{"buy": [{"offer", "character"}], "sell"?: [...]}``."""
    kind: Literal["purchase"]
    card: int
    coins: int
    offers: list[PurchaseOffer]
    deck: str | None
    draw: int
    asked: int
    characters: list[int]
    items: list[list[str]]
    costs: dict[str, int]


class _BetweenFields(TypedDict):
    kind: Literal["between"]
    card: int
    next: int
    coins: int
    characters: list[int]
    items: list[list[str]]
    costs: dict[str, int]
    usable: list[list[dict[str, str]]]


class BetweenRequest(_BetweenFields, total=False):
    """Between Story Cards (Gascony's Legacy): card ``card`` is complete and ``next``
    is drawn once the players go on. ``coins`` the party's; ``items`` what each
    Character holds; ``costs`` as in a purchase; ``porter`` the cards under the Porter
    as offers while he may still be called this Story (drawn at Setup, the pack's
    ``porter.cards_per_character`` per Character), ``[]`` once called, and absent
    when the pack has no Porter. Answer: ``{}`` (go on), or one action: ``{"porter":
    [{"offer", "character"}]}`` (only with ``porter``), ``{"sell": [sales]}``,
    ``{"trade": [moves]}``, ``{"use": [{"character", "card"}]}`` (kept cards of
    ``usable``, each Character's list); the request then comes again."""
    porter: list[PurchaseOffer]


class LeaveCard(TypedDict):
    """One Equipment card a ``leave`` request offers: ``card``, its deck instance id
    (``"<deck>#<n>"``, the answer names it), the ``item`` it is, and the ``hands`` it
    takes (1 or 2) (Gascony's Legacy, Equipment cards)."""
    card: str
    item: str
    hands: int


class LeaveRequest(TypedDict):
    """Character ``character`` carries more than ``hands`` hands of Equipment (Gascony's
    Legacy, Equipment cards): which of ``cards`` do they leave (to the discard pile)?
    Answer: ``{"leave": [card ids]}``."""
    kind: Literal["leave"]
    card: int | None
    character: int
    hands: int
    cards: list[LeaveCard]


class BattleObjective(TypedDict):
    """One objective of a ``battle`` request: ``objective``, its index (the answer's
    ``{"objective": i}``), its ``text``, and where winning it leads: ``goto`` a card id,
    or ``None`` with ``victory`` true when it wins the story (Gascony's Legacy, Battle
    Cards)."""
    objective: int
    text: str
    goto: int | None
    victory: bool


class BattleRequest(TypedDict):
    """The players fight a Battle on ``layout``; the front end reports the objective
    met. Answer: ``{"objective": i}`` or ``{"lost": true}``."""
    kind: Literal["battle"]
    card: int
    layout: str
    objectives: list[BattleObjective]


#: What a ``pick`` is for: a story's ``remove-status``; a Battle's Attack
#: (``ranged-target``, ``reaction``), effects (``target``, ``spawn``, ``push``,
#: ``move``, ``enemy``, ``square``, ``direction``), Enemy turn (``enemy-target``,
#: ``enemy-square``), Rescue (``facing``) and Mana Burst (``any-face``).
PickFor = Literal["remove-status", "ranged-target", "reaction", "target", "spawn", "push", "move", "enemy",
                  "square", "direction", "enemy-target", "enemy-square", "facing", "any-face"]

#: The players choose one of ``options`` (``effects.pick``): a card's effect that
#: leaves them a choice, e.g. which negative Status Banner token "Remove 1 negative
#: Status Banner token" removes (``for: "remove-status"``, with the ``character``), and
#: a Battle's picks (docs/runtime.md, Attacks, The Enemy turn, Terrain actions: ``card``
#: the Battle card; ``figure``, ``weapon``, ``enemy``, ``left``, ``tile``, ``effect``,
#: ``paths`` (each direction's squares), ``priority`` and ``toward`` (the Enemy
#: movement step and the Character it heads for) say what about). Answer: ``{"pick":
#: one of options}``.
PickRequest = TypedDict("PickRequest", {
    "kind": Literal["pick"],
    "for": PickFor,
    "options": list[Any],
    "card": NotRequired[int | None],
    "character": NotRequired[int],
    "figure": NotRequired[int],
    "weapon": NotRequired[str],
    "enemy": NotRequired[str],
    "left": NotRequired[int],
    "tile": NotRequired[int],
    "effect": NotRequired[str],
    "paths": NotRequired[dict[str, list[list[int]]]],
    "priority": NotRequired[str],
    "toward": NotRequired[int | None],
})


class StoryResult(TypedDict):
    """How one Story of a campaign ended: its ``story`` id and ``result``."""
    story: str
    result: str


class CampaignEnd(TypedDict):
    """A campaign's end: its ``result`` and each Story's (``campaign.Campaign.pending``)."""
    result: str
    stories: list[StoryResult]


class EndRequest(TypedDict):
    """The story has ended: ``result`` ``"victory"``, ``"defeat"`` or ``"stuck"``, the
    card's ``text`` (``None`` when a rule ends it), the ``reason`` code and the
    ``character`` it concerns; a campaign's last one adds ``campaign``. No answer is
    taken."""
    kind: Literal["end"]
    card: int | None
    result: str
    text: str | None
    reason: str
    character: int | None
    campaign: NotRequired[CampaignEnd]


class KeepCard(TypedDict):
    """A Weapon card a ``keep`` request offers: ``card`` (instance id), ``item``, ``hands``."""
    card: str
    item: str
    hands: int


class KeepRequest(TypedDict):
    """Campaign Mode 1, between two Stories (``campaign_steps``): Character
    ``character`` keeps up to ``hands`` hands' worth of its Weapon ``cards`` before Story
    ``story``. Answer: ``{"keep": [card ids]}``."""
    kind: Literal["keep"]
    story: str
    character: int
    hands: int
    cards: list[KeepCard]


#: The kinds ``requests.ANSWER_CHECKS`` checks (the campaign's ``keep`` is
#: ``campaign_steps.check_keep``'s, the Battle rounds' kinds ``battle_requests``').
Request = (TextRequest | CardRequest | ChoiceRequest | CharacterRequest | RollRequest | RerollRequest
           | PurchaseRequest | BetweenRequest | LeaveRequest | BattleRequest | PickRequest | EndRequest)
