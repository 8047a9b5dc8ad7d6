"""Entry point for ``huntkit`` and ``python -m toolkit``.

``--version`` is answered before anything heavy is imported, so it stays instant.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args in (["--version"], ["-V"]):
        from toolkit import __version__

        print(f"huntkit {__version__}")
        return 0
    from toolkit.cli import run

    return run(args)


if __name__ == "__main__":
    sys.exit(main())
