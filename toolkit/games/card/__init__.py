"""Bloodborne: The Card Game — The Hunter's Nightmare expansion."""
