"""Scenario tests of the card game: the `card-scenario` kind, the table it acts on, its runner."""
