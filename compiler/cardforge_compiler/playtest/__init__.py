"""``cardforge test --random``: random playthroughs of a story with coverage
(docs/playtest.md). One concern per module: ``answers`` (the random legal story
answer), ``coverage`` (the universe of a story and what the games covered, by bundle
path), ``runner`` (seeds, one game through the runtime's ``Session``, a story's games),
``files`` (the transcript and answers of a failed game, written atomically),
``report`` (the JSON document), ``text`` and ``junit`` (the other formats, made from
it), ``schema`` (the document's JSON Schema). The runtime never imports this package.
"""
