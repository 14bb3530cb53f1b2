"""The session (`core.Session`): one per data folder, binding the event store to the rules; the
web and the CLI change games only through it. The other modules are its parts: camera rolls
(`roll`, `camera`, `table`), game chores (`games`), rule helpers (`rules`), values and errors.
It never imports the web or the CLI, and never writes SQL: the store does.
"""

from companion.session.core import Session

__all__ = ["Session"]
