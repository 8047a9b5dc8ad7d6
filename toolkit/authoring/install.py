"""What `pip install` should be told to get the huntkit that is running, for the CI workflow that
`huntkit new` writes.

pip records where a package came from (PEP 610, ``direct_url.json``). A huntkit installed from a
git revision or a wheel URL is reinstalled from the same place; one installed from a package index,
or from a local folder or file that CI cannot see, is named by its version, and the workflow's
comment says so.
"""

from __future__ import annotations

import json
from importlib import metadata

from toolkit import __version__


def install_spec() -> tuple[str, bool]:
    """The pip requirement for this huntkit, and whether CI can install it as it is (a git
    revision or a URL) rather than by a version an index must have."""
    try:
        raw = metadata.distribution("huntkit").read_text("direct_url.json")
    except metadata.PackageNotFoundError:
        raw = None
    try:
        origin = json.loads(raw) if raw else {}
    except ValueError:
        origin = {}
    url = origin.get("url") if isinstance(origin, dict) else None
    vcs = origin.get("vcs_info") if isinstance(origin, dict) else None
    if isinstance(url, str) and isinstance(vcs, dict) and vcs.get("vcs") == "git" and vcs.get("commit_id"):
        return f"huntkit @ git+{url}@{vcs['commit_id']}", True
    if isinstance(url, str) and url.startswith(("https://", "http://")) and "archive_info" in origin:
        return f"huntkit @ {url}", True
    return f"huntkit=={__version__}", False
