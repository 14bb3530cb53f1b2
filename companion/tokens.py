"""Secrets the app hands to people: safe in a URL and after `--token` on a command line."""

from __future__ import annotations

import secrets


def new_token(nbytes: int = 24) -> str:
    """A random URL-safe token that never starts with "-". Pasted after `--token`, such a
    token is read as an option, and the command fails (`dicetable agent URL --token -x...`
    did, one token in 64)."""
    while True:
        token = secrets.token_urlsafe(nbytes)
        if not token.startswith("-"):
            return token
