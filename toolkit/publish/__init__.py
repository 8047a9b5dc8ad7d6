"""Pages of the reference site, rendered from validated content, the verb vocabularies and the codes.

The MkDocs hook in ``site/hooks/`` calls :func:`toolkit.publish.site.build_site` at build time; nothing
here writes files, so generated pages never go stale in git. Every piece of content text passes
through :mod:`toolkit.publish.escape` before it reaches Markdown, HTML or Mermaid.
"""
