"""`huntkit lsp`: a language server over stdio for huntkit packs — whole-pack diagnostics as the
author types, hover, completion, go to definition and quick fixes."""
