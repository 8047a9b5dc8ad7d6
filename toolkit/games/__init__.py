"""The built-in games: each package's ``plugin`` module holds its ``PLUGIN``.

They are found like any other game, through the ``huntkit.games`` entry points declared in
pyproject.toml (:mod:`toolkit.core.registry`); nothing lists them here. ``all_games`` and
``all_kinds`` are the registry's, named here too for code outside the core that reaches for them.
"""

from toolkit.core.registry import all_games, all_kinds

__all__ = ["all_games", "all_kinds"]
