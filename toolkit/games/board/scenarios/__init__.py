"""Scenario tests of board-game campaigns: the `scenario` kind and its runner."""
