"""Blood Hunt — content model, engine and bots."""
