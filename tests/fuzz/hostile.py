"""The values a mutation puts in place of a document's own: extremes, hostile text, edge cases.

Every hostile string carries the marker :data:`MARKER`, so a built page that turns one into markup
is recognisable as content (not the theme) having done it.
"""

from __future__ import annotations

from typing import Any

MARKER = "fz0x"
"""In every hostile string: markup found with it in a built page came from content."""

EDGE_NUMBERS: tuple[Any, ...] = (0, 1, -1, 2, 21, 999_999, 10**6, -(10**6))
"""Numbers at the edge of what a field may accept: zero, one, negatives, the ±1,000,000 bound."""

NUMBERS: tuple[Any, ...] = (
    0,
    -1,
    -7,
    1,
    2**31,
    10**6,
    10**6 + 1,
    -(10**6) - 1,
    10**21,
    -(10**21),
    9 * 10**99,
    0.5,
    -0.0,
    2.5e-300,
    1e308,
    float("inf"),
    float("-inf"),
    float("nan"),
    True,
)
"""Numbers at and beyond the limits: zero, negatives, the ±1,000,000 literal bound, 10**21, floats."""

STRINGS: tuple[str, ...] = (
    f"<script>alert('{MARKER}')</script>",
    f"<img src=x onerror=\"alert('{MARKER}')\">",
    f"[click](javascript:alert('{MARKER}'))",
    f"<a href=\"javascript:alert('{MARKER}')\">{MARKER}</a>",
    f"&#106;avascript:alert('{MARKER}')",
    f'"><svg onload=alert("{MARKER}")>',
    f"</code></pre><script>{MARKER}</script>",
    f'{MARKER}"]\n    click n0 call alert()\n    n9["',
    f'%%{{init: {{"securityLevel": "loose"}}}}%% {MARKER}',
    f"\x1b]0;{MARKER}\x07\x1b[2J\x1b[32mok\x1b[0m",
    f"{MARKER}\x00\x01\x08\x7f\x9b",
    f"{MARKER}\u202e\u2066reversed\u2069",
    f"{MARKER}\u2028line\u2029para\x85next",
    f"{MARKER}\r\nsecond line\rthird",
    f"{MARKER} {{{{ config }}}} {{% raw %}} ${{HOME}} %s %n",
    f"# {MARKER}\n\n---\n\n| a | b |\n|---|---|\n",
    f"{MARKER} \u0301\u0301\u0301 \ufeff \u200b \U0001f5e1",
    f"../../{MARKER}/../etc/passwd",
    "",
    " ",
    MARKER * 20_000,
)
"""Markup and script, terminal escapes, NUL and C1 controls, bidi overrides, Unicode line
separators, template syntax, path traversal, empty text and 80,000 characters."""

UNKNOWN_REFERENCES: tuple[str, ...] = (
    f"no-such-{MARKER}",
    f"core:no-such-{MARKER}",
    f"nowhere-{MARKER}:thing",
    ":",
    "core:",
)
"""References to ids that do not exist, in packs that do and do not exist."""

_NESTED = "(" * 19 + "{count}" + ")" * 19
_TOO_NESTED = "(" * 40 + "{count}" + ")" * 40

EXPRESSIONS: tuple[str, ...] = (
    "{count} // 0",
    "{count} % 0",
    "{count} / 0",
    "{count} - 5",
    "0 - {count}",
    "-{count}",
    "{count} * 0",
    "{count} - {count}",
    "999999 * 999999 * 999999 * {count}",
    "{count} * {count} * {count} * {count} * {count} * {count} * {count}",
    "1000000 * 1000000",
    "{count} ** 64",
    _NESTED,
    _TOO_NESTED,
    "min({count})",
    "max({count}, 1000000)",
    "min({count}, -1)",
    "{count} +",
    "{count} // 2",
    "hunters + players",
    "10 ** 21",
    "1e21",
    "__import__('os')",
    "{count}" + " + 1" * 150,
)
"""Player-count expressions at their edges: division by zero, negatives, huge products, deep
nesting, bad syntax, names that are not the count. ``{count}`` is the game's variable."""

TABLES: tuple[dict[str, Any], ...] = (
    {"1": 10**21, "2": 1, "3": 1, "4": 1},
    {"1": 0, "2": 0, "3": 0, "4": 0},
    {"1": -1, "2": -1, "3": -1, "4": -1},
    {"0": 1},
    {"5": 1, "99": 1},
    {},
    {"1": "{count} // 0", "2": 1, "3": 1, "4": 1},
    {"1": 999999, "2": 999999, "3": 999999, "4": 999999},
)
"""Player-count tables: a huge value, zeros, negatives, counts no game has, empty."""

LIST_SIZES: tuple[int, ...] = (0, 2, 21, 1_000, 20_000)
"""What a list grows (or shrinks) to: empty, a duplicate, 21 items, a thousand, twenty thousand."""
