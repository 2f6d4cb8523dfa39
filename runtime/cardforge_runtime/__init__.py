"""cardforge_runtime: the reference interpreter of cardforge bundles.

Pure standard-library Python: it never imports the compiler or any third-party
package, so front ends can embed it (or port it) on its own.

Public names:

- ``BUNDLE_FORMAT`` / ``BUNDLE_FORMAT_VERSION``: the name and semantic version of
  the bundle format this runtime reads (see ``docs/bundle.md``).
- ``evaluate_condition``: evaluate a condition syntax tree from a bundle.
"""

from cardforge_runtime.format import BUNDLE_FORMAT, BUNDLE_FORMAT_VERSION
from cardforge_runtime.conditions import ConditionError, evaluate_condition

__all__ = ["BUNDLE_FORMAT", "BUNDLE_FORMAT_VERSION", "ConditionError", "evaluate_condition"]
