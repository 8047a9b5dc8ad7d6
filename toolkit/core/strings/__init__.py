"""Texts of a pack and of huntkit itself in other languages: PO files, the import, localised content."""
