"""The table roll, for games where everyone throws at once: `zones` splits a settled table by
the calibration's player zones, `split` gives each player their zone's dice (pure), and
`pending` keeps the whole table as one pending roll until it is accepted.

Nothing is imported here, so a game's rules can use `split` without loading `pending`, and the
calibration code behind `zones` loads only when a table is read. Nothing here imports the
session: `pending` works on any pending roll of the shape it names (`TablePending`).
"""
