"""huntkit's own fuzzing harness: mutate built-in documents, run every command on what validates.

``corpus`` finds the documents to start from, ``mutate`` changes them (``hostile`` holds the values
it puts in), ``sandbox`` runs one command in a forked, resource-limited child, ``oracles`` judges
what a command did and what a built site holds, and ``harness`` ties a seeded case together. The
test suite runs it at a fixed seed and a small budget (``tests/fuzz/test_fuzz.py``); longer runs
are ``benchmarks/fuzz.py``.
"""
