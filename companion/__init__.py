"""Game rules, the event log, the session that binds rolls to turns, and the CLI."""
