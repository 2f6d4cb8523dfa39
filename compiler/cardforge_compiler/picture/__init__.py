"""Pictures of Battle layouts (``cardforge board``): :mod:`.scene` works out what a
picture shows from a pack's bundle ``board``; :mod:`.svg` and :mod:`.text` draw it.
docs/board.md documents the pictures and the SVG class names."""
