"""Pictures of story graphs (``cardforge graph``; docs/graph.md).

:mod:`.model` turns the analysed stories and the diagnostics of a compile into a
:class:`~.model.Picture` (one cluster per story, each card marked with its findings);
:mod:`.layout` places it in layers with no external program; :mod:`.svg` draws it;
:mod:`.text` writes it as DOT, Mermaid or GraphML; :mod:`.graphviz` hands the DOT to
Graphviz's ``dot`` when it is installed.
"""
