"""Bloodborne: The Board Game — components, campaigns, checks, engine and bots."""
