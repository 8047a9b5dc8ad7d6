"""Game-agnostic machinery: packs, positioned YAML, diagnostics, references, schemas."""
