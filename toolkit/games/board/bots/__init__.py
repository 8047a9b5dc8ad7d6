"""Bots for the board game: random, a heuristic hunter team, and a Monte Carlo search bot."""

from __future__ import annotations

from toolkit.games.board.bots.base import BOTS, Bot, make_bot

__all__ = ["BOTS", "Bot", "make_bot"]
