"""Fixtures every test folder may use: the event store on each of its backends."""

from tests.store_backends import pg_cluster, store_spot

__all__ = ["pg_cluster", "store_spot"]
