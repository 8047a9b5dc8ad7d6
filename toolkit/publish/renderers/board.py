"""Specific pages of the board game's components: hunters, weapons, enemies, bosses, tiles."""

from __future__ import annotations
