"""`huntkit lsp`: the language server, over stdio (an editor starts it; see docs/authoring.md)."""

from __future__ import annotations

import typer

EXAMPLES = """
Examples:

\b
  huntkit lsp        # started by the editor, which talks to it on standard input and output
"""


def lsp() -> int:
    """Run the huntkit language server on standard input and output (for editors)."""
    from toolkit.lsp.server import main

    main()
    return 0


def register(app: typer.Typer) -> None:
    app.command(epilog=EXAMPLES)(lsp)
