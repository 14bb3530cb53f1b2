"""The game side: each game's rules (`games/`), the session that binds rolls to turns, the event
store, the exports, the tables' memories, the table roll, the camera feed and agent, and the CLI.
Only `cli/` imports `web/` or `models/` (docs/architecture.md)."""
