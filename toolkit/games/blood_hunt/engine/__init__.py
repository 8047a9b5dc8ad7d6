"""The Blood Hunt engine: compiled rules, the game state with OpenSpiel's contract, and its helpers."""
