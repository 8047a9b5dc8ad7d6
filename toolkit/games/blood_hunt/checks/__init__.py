"""Checks of Blood Hunt packs beyond the schema: the deck, the citizens and the set-up fit together."""
