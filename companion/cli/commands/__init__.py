"""One module per `dicetable` subcommand."""
