"""``python -m cardforge_compiler`` runs the ``cardforge`` command."""

from cardforge_compiler.cli import command

command()
