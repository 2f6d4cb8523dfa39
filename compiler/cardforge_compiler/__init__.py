"""cardforge_compiler: validate, compile, check and bundle story-driven board game content.

The pipeline is one module per stage, run in order by :func:`compile_paths`
(:mod:`cardforge_compiler.pipeline`):

1. :mod:`~cardforge_compiler.load`: files -> plain data (ruamel.yaml's C parser, read by
   :mod:`~cardforge_compiler.yaml_data`)
2. :mod:`~cardforge_compiler.validate`: plain data -> pydantic models
3. :mod:`~cardforge_compiler.resolve`: packs, card index, conditions; reference checks
4. :mod:`~cardforge_compiler.analyse`: card flow and story graphs (networkx); graph checks
5. :mod:`~cardforge_compiler.emit`: the JSON bundle

Checks live in :mod:`cardforge_compiler.checks`, one module per family.
Heavy modules are imported lazily so that ``cardforge --version`` stays fast.
"""

__version__ = "0.1.0"
__all__ = ["__version__"]
