"""cardforge_runtime: the reference interpreter of cardforge bundles.

Pure standard-library Python: it never imports the compiler or any third-party
package, so front ends can embed it (or port it) on its own.

Public names:

- ``load_bundle`` / ``Bundle`` / ``BundleError``: read and check a bundle
  (``docs/bundle.md``); modules ``bundle``, ``bundle_checks`` (stories),
  ``bundle_board`` (a pack's board, format 1.4) and ``bundle_fields`` (typed field
  access); ``Bundle.board`` gives a pack's board.
- ``Session`` / ``AnswerError`` / ``SessionError`` / ``EngineError``: play a story:
  requests out, answers in, saves (``docs/runtime.md``); ``EngineError`` is a failure
  of the engine itself (a bug), never the answer's fault; modules ``session`` (the
  public API), ``story`` (the step semantics), ``rolls`` (a Dice Roll and its
  rerolls), ``wounds`` (Wounds, Healing, Fallen Characters), ``death`` (the
  ``on_death`` options open now), ``between`` (Between
  Story Cards), ``party`` (who a step names, bars or can pick), ``state`` (the
  serialisable game state),
  ``requests`` (one request shape and one answer check per kind; ``between_answers``
  the purchase and between checks; ``answer_fields`` ``AnswerError``), ``setup``
  (checking setups and saves).
- ``Campaign``: a pack's ``campaign`` played Story after Story with the API of
  ``Session`` (Gascony's Legacy, Campaign Mode; ``docs/runtime.md``, Campaigns);
  modules ``campaign``, ``campaign_carry`` (what a Story carries to the next),
  ``campaign_steps`` (the Campaign Mode steps), ``campaign_saves`` (its saves),
  ``campaign_fields`` (their vocabulary)
  and ``bundle_campaign`` (its load checks).
- ``DiceRule``: dice counting and exact probabilities (Gascony's Legacy, Dice Rolls).
- ``Pcg32``: the seeded generator every random result comes from.
- ``BUNDLE_FORMAT`` / ``BUNDLE_FORMAT_VERSION``: the name and semantic version of
  the bundle format this runtime reads; module ``format`` defines the whole format
  once (built-in names, functions, condition typing, content hash, ``set``/``add``/
  ``clear``, input limits, players; the board's vocabularies, defaults and ranges in
  ``board_fields``), for the runtime and the compiler alike; it
  re-exports ``condition_types`` (the condition language and its typing) and
  ``limits`` (the input limits every input path checks first).
- ``evaluate_condition`` / ``ConditionError``: evaluate a condition syntax tree.
- ``cardforge_runtime.board`` (a package, imported on its own): the geometry of a
  Battle layout: ``build_board``, adjacency, Range, Attack Patterns, movement, line
  of sight and Cover (``docs/runtime.md``, Board geometry).
"""

from cardforge_runtime.format import BUNDLE_FORMAT, BUNDLE_FORMAT_VERSION
from cardforge_runtime.conditions import ConditionError, evaluate_condition
from cardforge_runtime.bundle import Bundle, BundleError, load_bundle
from cardforge_runtime.dice import DiceRule
from cardforge_runtime.pcg import Pcg32
from cardforge_runtime.answer_fields import AnswerError
from cardforge_runtime.session import Session
from cardforge_runtime.campaign import Campaign
from cardforge_runtime.story import EngineError
from cardforge_runtime.setup import SAVE_FORMAT, SAVE_VERSION, TRANSCRIPT_FORMAT, SessionError

__all__ = [
    "AnswerError",
    "BUNDLE_FORMAT",
    "BUNDLE_FORMAT_VERSION",
    "Bundle",
    "BundleError",
    "Campaign",
    "ConditionError",
    "DiceRule",
    "EngineError",
    "Pcg32",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "Session",
    "SessionError",
    "TRANSCRIPT_FORMAT",
    "evaluate_condition",
    "load_bundle",
]
