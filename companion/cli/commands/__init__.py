"""One module per `dicetable` subcommand: arguments in, the session, feed or store called, lines
out. A command keeps no game rule of its own."""
