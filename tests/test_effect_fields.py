"""The Enemies-and-decks vocabularies of the bundle format (``effect_fields``,
format 1.5.0) are consistent data: every parameter's kind of value is known, the
ranges merge into ``format.RANGES`` without clashing, and the defaults are what
docs/bundle.md says."""

from __future__ import annotations

import pytest

from cardforge_runtime import effect_fields as ef
from cardforge_runtime import format as fmt
from cardforge_runtime.board_fields import BOARD_RANGES


def _value_kind_known(kind: str) -> bool:
    return kind in ef.PARAM_KINDS or kind in ef.CHOICES or kind in fmt.RANGES


def test_every_effect_parameter_has_a_known_kind_of_value() -> None:
    for name, (doc, params) in ef.EFFECTS.items():
        assert doc.endswith(".") and name == name.lower()
        for param, (kind, required, default) in params.items():
            assert _value_kind_known(kind), (name, param, kind)
            assert not (required and default is not None), (name, param)
    for name, (_doc, params) in ef.TARGET_SELECTORS.items():
        for param, (kind, _required, _default) in params.items():
            assert _value_kind_known(kind), (name, param, kind)
    for name, (_doc, kind) in ef.PREDICATES.items():
        assert kind is None or _value_kind_known(kind), name


def test_the_shorthands_and_one_of_groups_name_real_parameters() -> None:
    for effect, param in ef.EFFECT_SHORTHAND.items():
        assert param in ef.EFFECTS[effect][1]
    for effect, params in ef.EFFECT_ONE_OF.items():
        assert all(not ef.EFFECTS[effect][1][p][1] for p in params)   # optional, one of them given


def test_deck_ranges_merge_into_the_formats_ranges_without_clashing() -> None:
    assert not set(ef.DECK_RANGES) & set(BOARD_RANGES)
    before = {"stat", "destiny", "health", "count", "successes", "per_player"}
    assert not set(ef.DECK_RANGES) & before
    for key, bounds in ef.DECK_RANGES.items():
        assert fmt.RANGES[key] == bounds and bounds[0] <= bounds[1]


def test_effect_defaults_fill_every_parameter() -> None:
    assert ef.effect_defaults("spawn") == {"enemy": None, "per_player": None, "count": None,
                                           "where": "empty-adjacent-to-this", "falls_on_purpose": False}
    assert ef.effect_defaults("status") == {"token": None, "who": "you", "if_held": []}
    assert ef.effect_defaults("reshuffle") == {}
    with pytest.raises(KeyError):
        ef.effect_defaults("fireball")


def test_default_priorities_use_only_the_vocabulary() -> None:
    for enemy_type, rules in ef.ENEMY_PRIORITY_DEFAULTS.items():
        assert enemy_type in ef.ENEMY_TYPES
        assert all(step in ef.MOVEMENT_STEPS for step in rules["move"])
        assert all(sel["kind"] in ef.TARGET_SELECTORS for sel in rules["target"])
        assert rules["target"][-1] == {"kind": "players-choice"}


def test_format_re_exports_every_vocabulary() -> None:
    for name in ef.__all__:
        if name != "DECK_RANGES":
            assert getattr(fmt, name) is getattr(ef, name)
            assert name in fmt.__all__
