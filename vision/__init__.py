"""Finding and reading dice in camera frames, settle detection, annotation, the table memory's
arithmetic and the labelled datasets. Knows no game rule: it never imports `companion/`,
`models/` or `web/`; a game's palette and a table's memory are handed to the reader as values."""
