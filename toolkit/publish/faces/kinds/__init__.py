"""Face renderers, one module per game."""
