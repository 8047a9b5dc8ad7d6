"""One module per `huntkit` command group. Each exposes ``register(app)``.

Commands only parse options into values, call the library, and pick a reporter; the work lives in
``toolkit.core`` and the game packages ("separate parsing from execution").
"""

COMMAND_MODULES = (
    "toolkit.commands.validate",
    "toolkit.commands.test",
    "toolkit.commands.play",
    "toolkit.commands.simulate",
    "toolkit.commands.tune",
    "toolkit.commands.schema",
    "toolkit.commands.graph",
    "toolkit.commands.new",
    "toolkit.commands.fmt",
    "toolkit.commands.site",
    "toolkit.commands.lsp",
    "toolkit.commands.print",
)
