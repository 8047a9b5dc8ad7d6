"""SVG pages to one PDF: each page drawn by CairoSVG (vector, text kept as text), joined by pypdf.

Nothing outside the pack is read: the fetcher CairoSVG calls for every image, stylesheet or
``<use>`` reference accepts ``data:`` URLs and files inside the pack, and refuses the rest (a
network address, ``file:///etc/passwd``, a path that climbs out of the pack) with
:class:`ReferenceRefused`. XML entities stay off (CairoSVG's safe mode).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

CREATOR = "huntkit print"
"""The PDF's Creator entry: how a later run knows the file at ``--out`` is an earlier print."""

MAX_REFERENCE_BYTES = 16 * 1024 * 1024
"""A file a face refers to (art) is at most this big; the validator's art limits are lower."""


class ReferenceRefused(ValueError):
    """A face referred to something outside its pack."""


class PageError(ValueError):
    """A page CairoSVG could not draw (a face that is not valid SVG)."""


class MissingCairo(RuntimeError):
    """The system's Cairo library, which CairoSVG draws with, is not installed."""


def _pdf_surface() -> Any:
    # CairoSVG loads libcairo through cffi at import: on a machine without it, the import raises
    # OSError, which must reach the user as an install hint, not a traceback.
    try:
        from cairosvg.surface import PDFSurface
    except OSError as error:
        raise MissingCairo(
            f"the Cairo library is not installed ({error}); on Debian or Ubuntu: apt-get install libcairo2"
        ) from None
    return PDFSurface


def pack_fetcher(pack: Path) -> Callable[[str, str], bytes]:
    """CairoSVG's ``url_fetcher``: ``data:`` URLs, and files inside ``pack``; nothing else."""
    root = pack.resolve()

    def fetch(url: str, resource_type: str) -> bytes:
        if url.startswith("data:"):
            from cairosvg.url import fetch as fetch_data

            return bytes(fetch_data(url, resource_type))
        parsed = urlparse(url)
        if parsed.scheme != "file":
            raise ReferenceRefused(f"a face refers to {url}, outside the pack; only its files are read")
        path = Path(unquote(parsed.path)).resolve()
        if not path.is_relative_to(root) or not path.is_file():
            raise ReferenceRefused(f"a face refers to {path}, which is not a file inside the pack")
        with open(path, "rb") as stream:
            data = stream.read(MAX_REFERENCE_BYTES + 1)
        if len(data) > MAX_REFERENCE_BYTES:
            raise ReferenceRefused(f"{path} is larger than {MAX_REFERENCE_BYTES:,} bytes")
        return data

    return fetch


def render_page(svg: str, fetcher: Callable[[str, str], bytes]) -> bytes:
    """One SVG page as a one-page PDF."""
    surface = _pdf_surface()
    try:
        return bytes(surface.convert(bytestring=svg.encode("utf-8"), url_fetcher=fetcher, unsafe=False))
    except ReferenceRefused:
        raise
    except Exception as error:  # CairoSVG raises lxml's, cairo's and its own errors alike
        raise PageError(f"{type(error).__name__}: {error}") from None


def join_pages(pages: Sequence[bytes], title: str) -> bytes:
    """The one-page PDFs as one document, titled, with huntkit's Creator entry."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for page in pages:
        writer.append(PdfReader(io.BytesIO(page)))
    writer.add_metadata({"/Title": title, "/Creator": CREATOR})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def printed_by_huntkit(path: Path, limit: int) -> bool:
    """Whether ``path`` is a PDF an earlier `huntkit print` wrote (its Creator entry says so)."""
    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    try:
        if path.stat().st_size > limit:
            return False
        with open(path, "rb") as stream:
            if stream.read(5) != b"%PDF-":
                return False
        metadata = PdfReader(path).metadata
    except (OSError, PyPdfError, ValueError):
        return False
    return metadata is not None and metadata.get("/Creator") == CREATOR
