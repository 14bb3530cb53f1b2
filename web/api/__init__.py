"""The JSON API's blueprints (docs/api.md), each registered by web/app.py: `core` (games and
their events, and the response helpers the others share), `camera`, `games` (rename, put away,
rematch), `stats` and `tables`.
"""
