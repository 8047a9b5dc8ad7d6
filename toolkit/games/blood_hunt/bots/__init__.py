"""Blood Hunt bots: random, a greedy heuristic player, and an information-set search bot."""
