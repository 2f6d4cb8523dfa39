"""The bundle format's name and version, shared by the compiler and the runtime.

The compiler writes these into every bundle (``format``, ``format_version``). A
reader must refuse a bundle whose format name differs or whose major version it
does not know, and must ignore keys it does not know (a newer minor version may
add them). Bump the minor version for additions a reader may ignore, the major
version for anything else (see ``docs/bundle.md``).
"""

BUNDLE_FORMAT = "cardforge-bundle"
BUNDLE_FORMAT_VERSION = "1.1.0"

__all__ = ["BUNDLE_FORMAT", "BUNDLE_FORMAT_VERSION"]
