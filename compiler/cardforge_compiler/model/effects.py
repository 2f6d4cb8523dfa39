"""Effects, predicates and target rules: the closed vocabulary of Threat cards,
Reaction, Loot, Equipment and Response cards, Character abilities and Stones of
Chance, built from the bundle format's definitions
(``cardforge_runtime.format.EFFECTS``, ``PREDICATES``, ``TARGET_SELECTORS``), one
model per name, so that the format is written once.

An effect is a one-key mapping ``{kind: {params}}`` (``- push: {who: you, squares:
1}``), discriminated on its first key that names an effect kind, as story steps
are; ``if`` is written as a story ``if`` step (``- if: {has_status: Doom}`` with
``then:`` and ``else:``). A few effects take a scalar for their one parameter
(``EFFECT_SHORTHAND``: ``- extra-attack-die: 1``). Rule sources: Gascony's Legacy,
Enemy Reaction cards, Threat cards ("Guards!", "Doom"), Loot cards, All for One
board; the second ruleset, "Enemy Attack".
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import AfterValidator, ConfigDict, Discriminator, Field, Tag, WithJsonSchema, create_model, model_validator
from pydantic_core import PydanticCustomError

from cardforge_runtime.format import (
    CHOICES,
    EFFECT_ONE_OF,
    EFFECT_SHORTHAND,
    EFFECTS,
    NAMED_ENEMY_PLAYER_COUNTS,
    PREDICATES,
    RANGES,
    SUBJECTS,
    TARGET_SELECTORS,
)

from cardforge_compiler.model._types import NameText, Text, _Model, keyed_union

__all__ = ["per_count", "EFFECT_MODELS", "PREDICATE_MODELS", "SELECTOR_MODELS", "SHORTHAND_PARAMS", "Effect", "Predicate",
           "Selector", "TargetRule",
           "effect_kind", "ranged"]


def ranged(key: str) -> Any:
    """A whole number within ``RANGES[key]``."""
    low, high = RANGES[key]
    return Annotated[int, Field(ge=low, le=high)]


def _counts(value: dict[int, int]) -> dict[int, int]:
    wrong = [n for n in value if n not in NAMED_ENEMY_PLAYER_COUNTS]
    if wrong:
        raise PydanticCustomError("one_of", "{n} is not a number of Characters: the keys are 1 to 4", {
            "n": wrong[0], "hint": "write one value per number of Characters: `{1: 4, 2: 5, 3: 6, 4: 7}`"})
    return value


def per_count(key: str) -> Any:
    """Number of Characters (1..4) -> a whole number within ``RANGES[key]``: a spawn's
    ``count``, a tracker's health."""
    low, high = RANGES[key]
    return Annotated[dict[int, ranged(key)], AfterValidator(_counts),
                     WithJsonSchema({"type": "object", "propertyNames": {"enum": [str(n) for n in
                                                                                  NAMED_ENEMY_PLAYER_COUNTS]},
                                     "additionalProperties": {"type": "integer", "minimum": low, "maximum": high}})]


def value_type(kind: str) -> Any:
    """The type of a parameter of ``kind`` (``format.PARAM_KINDS``, a ``CHOICES`` key or
    a ``RANGES`` key). ``effects``, ``predicate`` and ``target-rule`` are forward
    references resolved when the module's models are rebuilt."""
    simple: dict[str, Any] = {
        "name": NameText, "names": Annotated[list[NameText], Field(min_length=1)], "condition": Text, "bool": bool,
        "subject": "Subject",
        "effects": "list[Effect]", "predicate": "Predicate", "target-rule": "TargetRule",
        "per-count": per_count("spawn_count"),
    }
    if kind in simple:
        return simple[kind]
    if kind in CHOICES:
        return Literal[CHOICES[kind]]  # type: ignore[valid-type]
    return ranged(kind)


def _title(name: str, suffix: str) -> str:
    return "".join(part.capitalize() for part in name.replace("_", "-").split("-")) + suffix


def _params_model(name: str, doc: str, params: dict[str, tuple[str, bool, Any]], suffix: str) -> type[_Model]:
    """The model of one vocabulary entry's parameters."""
    fields: dict[str, Any] = {}
    for param, (kind, required, default) in params.items():
        annotation = value_type(kind)
        alias = param
        py_name = f"{param}_" if param in ("if", "else", "count") else param
        if required:
            fields[py_name] = (annotation, Field(alias=alias))
        else:
            fields[py_name] = (Union[annotation, None] if default is None else annotation,
                               Field(default=default, alias=alias))
    model = create_model(_title(name, suffix), __base__=_Model, __module__=__name__, **fields)
    model.__doc__ = f"`{name}`: {doc}"
    return model


def _one_of(name: str, group: tuple[str, ...]) -> Any:
    def check(self: Any) -> Any:
        given = [p for p in group if getattr(self, p if p != "count" else "count_") is not None]
        if len(given) != 1:
            raise PydanticCustomError("one_of", "`{name}` takes exactly one of {group}", {
                "name": name, "group": " or ".join(f"`{p}`" for p in group),
                "hint": f"keep one of {', '.join(group)}"})
        return self
    return model_validator(mode="after")(check)


#: The parameters model of each shorthand effect (``EFFECT_SHORTHAND``), for emit to
#: write ``{extra-attack-die: 1}`` as ``{"kind": "extra-attack-die", "dice": 1}``.
SHORTHAND_PARAMS: dict[str, type[_Model]] = {}


def _shorthand_or_params(value: Any) -> str:
    """The branch of a shorthand effect's value (``EFFECT_SHORTHAND``): ``params`` for a
    mapping (or its model), ``shorthand`` for anything else (the one parameter)."""
    return "params" if isinstance(value, (dict, _Model)) else "shorthand"


def _effect_model(name: str, doc: str, params: dict[str, tuple[str, bool, Any]]) -> type[_Model]:
    """The model of effect ``name``: ``{name: {params}}`` (``if``: the keys ``if``,
    ``then``, ``else`` side by side)."""
    if name == "if":
        model = _params_model(name, doc, params, "Effect")
        return model
    params_model = _params_model(name, doc, params, "Params")
    if name in EFFECT_ONE_OF:
        group = EFFECT_ONE_OF[name]
        params_model = create_model(params_model.__name__, __base__=params_model, __module__=__name__,
                                    __validators__={"_one_of": _one_of(name, group)})
        params_model.model_config = ConfigDict(**{**params_model.model_config, "json_schema_extra": {
            "oneOf": [{"required": [p]} for p in group]}})
        params_model.model_rebuild(force=True)
    annotation: Any = params_model
    default: Any = ...
    if name in EFFECT_SHORTHAND:
        # the scalar or the mapping, decided by the value's shape, so that a wrong scalar is
        # reported as its parameter's fault only ("expected a whole number from 1 to 6")
        kind = params[EFFECT_SHORTHAND[name]][0]
        SHORTHAND_PARAMS[name] = params_model
        annotation = Annotated[Union[Annotated[value_type(kind), Tag("shorthand")],
                                     Annotated[params_model, Tag("params")]], Discriminator(_shorthand_or_params)]
    if not params:
        default = Field(default_factory=dict)
        annotation = params_model
    field_name = name.replace("-", "_")
    model = create_model(_title(name, "Effect"), __base__=_Model, __module__=__name__,
                         **{field_name: (annotation, Field(alias=name) if default is ... else
                                         Field(default_factory=params_model, alias=name))})
    model.__doc__ = f"Effect `{name}`: {doc}"
    return model


#: The model of each effect kind, in the format's order.
EFFECT_MODELS: dict[str, type[_Model]] = {name: _effect_model(name, doc, params)
                                          for name, (doc, params) in EFFECTS.items()}
#: ``effect_kind(value)``: the kind of an effect, its first key that names an effect kind
#: (``None`` if none), raw mappings and validated effect models alike. ``Effect``: one
#: effect, a mapping whose first effect key names its kind.
effect_kind, Effect = keyed_union(EFFECT_MODELS, "unknown_deck_effect", "an effect's first key must name its kind")


# -- predicates and target selectors ---------------------------------------------------


def _one_key_model(name: str, doc: str, annotation: Any, suffix: str) -> type[_Model]:
    model = create_model(_title(name, suffix), __base__=_Model, __module__=__name__,
                         **{name.replace("-", "_"): (annotation, Field(alias=name))})
    model.__doc__ = f"`{name}`: {doc}"
    return model


def _bare_or_key(names: tuple[str, ...]) -> Any:
    def tag(value: Any) -> str | None:
        if isinstance(value, str):
            return "bare"
        if isinstance(value, dict):
            return next(iter(value), None)
        return _TAG_OF_MODEL.get(type(value))
    return tag


_TAG_OF_MODEL: dict[type, str] = {}

#: The predicates that take a value, one model each (``{has_status: Doom}``); the
#: others are written as a bare name (``wounded``).
PREDICATE_MODELS: dict[str, type[_Model]] = {
    name: _one_key_model(name, doc, value_type(kind), "Predicate")
    for name, (doc, kind) in PREDICATES.items() if kind is not None}
_BARE_PREDICATES = tuple(name for name, (_doc, kind) in PREDICATES.items() if kind is None)

#: A predicate of an ``if`` effect (``format.PREDICATES``).
Predicate = Annotated[
    Union[(Annotated[Literal[_BARE_PREDICATES], Tag("bare")],  # type: ignore[misc, valid-type]
           *(Annotated[cls, Tag(name)] for name, cls in PREDICATE_MODELS.items()))],
    Discriminator(_bare_or_key(tuple(PREDICATES)), custom_error_type="unknown_predicate",
                  custom_error_message="a predicate is one of: " + ", ".join(PREDICATES)),
]


def _selector_model(name: str, doc: str, params: dict[str, tuple[str, bool, Any]]) -> type[_Model]:
    if set(params) == {"value"}:
        return _one_key_model(name, doc, value_type(params["value"][0]), "Selector")
    params_model = _params_model(name, doc, params, "Params")
    if name == "prefer":
        params_model = create_model(params_model.__name__, __base__=params_model, __module__=__name__,
                                    __validators__={"_one_of": _one_of(name, ("role", "status"))})
    return _one_key_model(name, doc, params_model, "Selector")


#: The target selectors that take parameters, one model each (``{among: adjacent}``,
#: ``{prefer: {role: Magus}}``); the others are bare names (``nearest``).
SELECTOR_MODELS: dict[str, type[_Model]] = {
    name: _selector_model(name, doc, params) for name, (doc, params) in TARGET_SELECTORS.items() if params}
_BARE_SELECTORS = tuple(name for name, (_doc, params) in TARGET_SELECTORS.items() if not params)
_TAG_OF_MODEL.update({cls: name for name, cls in (*PREDICATE_MODELS.items(), *SELECTOR_MODELS.items())})

#: One selector of a target rule (``format.TARGET_SELECTORS``).
Selector = Annotated[
    Union[(Annotated[Literal[_BARE_SELECTORS], Tag("bare")],  # type: ignore[misc, valid-type]
           *(Annotated[cls, Tag(name)] for name, cls in SELECTOR_MODELS.items()))],
    Discriminator(_bare_or_key(tuple(TARGET_SELECTORS)), custom_error_type="unknown_selector",
                  custom_error_message="a target selector is one of: " + ", ".join(TARGET_SELECTORS)),
]
#: A target rule: selectors applied left to right to the candidates.
TargetRule = Annotated[list[Selector], Field(min_length=1)]


class TargetSubject(_Model):
    """An effect subject picked by a target rule: ``{target: [selectors]}``, the
    Characters the rule keeps, measured from ``this`` (the Enemy resolving the card) or,
    with no ``this``, from ``you`` (an ability: Aramis's healing of an adjacent ally,
    ``{target: [{among: adjacent}, players-choice]}``); ``players-choice`` asks."""

    target: TargetRule


#: Whom an effect concerns: ``you``, ``this`` or a target rule (docs/format.md, Effects).
Subject = Union[Literal[SUBJECTS], TargetSubject]  # type: ignore[valid-type]

for _model in (*EFFECT_MODELS.values(), *SELECTOR_MODELS.values(), *PREDICATE_MODELS.values()):
    _model.model_rebuild(force=True)
for _model in list(EFFECT_MODELS.values()):
    for _field in _model.model_fields.values():
        _ann = _field.annotation
        for _inner in getattr(_ann, "__args__", (_ann,)):
            if isinstance(_inner, type) and issubclass(_inner, _Model):
                _inner.model_rebuild(force=True)
