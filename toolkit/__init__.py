"""huntkit: author, validate, play and publish content for the Bloodborne tabletop games."""

__version__ = "0.1.0"
