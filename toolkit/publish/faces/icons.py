"""The faces' icons: small symbols of our own, drawn on a 10 × 10 grid, placed with ``<use>``.

Each face carries only the symbols it uses, in its own ``<defs>``, so one SVG is self-contained;
ids are prefixed ``hk-icon-`` so faces inlined side by side in one page agree on them.
"""

from __future__ import annotations

_SYMBOLS: dict[str, str] = {
    # Speeds: one, two or three chevrons in a ring, fast having the most.
    "speed-slow": '<circle cx="5" cy="5" r="4.5" fill="none" stroke="currentColor" stroke-width="0.8"/>'
    '<path d="M4 3 L6 5 L4 7" fill="none" stroke="currentColor" stroke-width="1"/>',
    "speed-medium": '<circle cx="5" cy="5" r="4.5" fill="none" stroke="currentColor" stroke-width="0.8"/>'
    '<path d="M3 3 L5 5 L3 7 M5 3 L7 5 L5 7" fill="none" stroke="currentColor" stroke-width="1"/>',
    "speed-fast": '<circle cx="5" cy="5" r="4.5" fill="none" stroke="currentColor" stroke-width="0.8"/>'
    '<path d="M2 3 L4 5 L2 7 M4 3 L6 5 L4 7 M6 3 L8 5 L6 7" fill="none" stroke="currentColor"'
    ' stroke-width="1"/>',
    # Damage: a drop of blood.
    "damage": '<path d="M5 0.8 C7 4 8.5 5.6 8.5 7 A3.5 3.5 0 0 1 1.5 7 C1.5 5.6 3 4 5 0.8 Z"'
    ' fill="#8b1a1a"/>',
    # Stagger: a lightning bolt.
    "stagger": '<path d="M6 0.5 L2 5.5 L4.8 5.5 L3.5 9.5 L8 4 L5.2 4 Z" fill="#b8860b"/>',
    # Dodge: an arrow swerving round a dot.
    "dodge": '<circle cx="5" cy="6.5" r="1.2" fill="currentColor"/>'
    '<path d="M1 8 C1 2 9 2 9 8" fill="none" stroke="#2f6f4f" stroke-width="1.1"/>'
    '<path d="M7.6 6.8 L9 8.6 L10 6.6 Z" fill="#2f6f4f"/>',
    # Block: a shield.
    "block": '<path d="M5 0.8 L9 2.3 C9 6 7.5 8.2 5 9.4 C2.5 8.2 1 6 1 2.3 Z" fill="#4a5a6a"/>',
    # HP: a heart.
    "hp": '<path d="M5 9 C1 6 0.5 4.5 0.5 3.2 A2.3 2.3 0 0 1 5 2.4 A2.3 2.3 0 0 1 9.5 3.2'
    ' C9.5 4.5 9 6 5 9 Z" fill="#a01c2c"/>',
    # Movement: a footprint-like arrow.
    "movement": '<path d="M1 4 L6 4 L6 1.5 L9.5 5 L6 8.5 L6 6 L1 6 Z" fill="currentColor"/>',
    # Blood Echoes: a ring with a drop.
    "echo": '<circle cx="5" cy="5" r="4.2" fill="none" stroke="#8b1a1a" stroke-width="0.9"/>'
    '<circle cx="5" cy="5" r="1.6" fill="#8b1a1a"/>',
    # Points: a star.
    "points": '<path d="M5 0.6 L6.3 3.6 L9.6 3.9 L7.1 6.1 L7.9 9.3 L5 7.6 L2.1 9.3 L2.9 6.1 L0.4 3.9'
    ' L3.7 3.6 Z" fill="#b8860b"/>',
    # Insight: an eye.
    "insight": '<path d="M0.5 5 C3 1.5 7 1.5 9.5 5 C7 8.5 3 8.5 0.5 5 Z" fill="none" stroke="#3b4b8b"'
    ' stroke-width="0.9"/><circle cx="5" cy="5" r="1.6" fill="#3b4b8b"/>',
}

ICONS = frozenset(_SYMBOLS)
"""Every icon a face may use."""

SPEED_ICONS = {"fast": "speed-fast", "medium": "speed-medium", "slow": "speed-slow"}

EFFECT_ICONS = {"stagger": "stagger", "dodge": "dodge", "block": "block", "damage": "damage"}
"""Effect verbs that show their icon beside their words."""


def symbol(name: str) -> str:
    """The ``<symbol>`` of the icon ``name``."""
    return f'<symbol id="hk-icon-{name}" viewBox="0 0 10 10">{_SYMBOLS[name]}</symbol>'
