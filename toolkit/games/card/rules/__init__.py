"""Pure rule modules of The Hunter's Nightmare; no I/O, no global randomness."""
