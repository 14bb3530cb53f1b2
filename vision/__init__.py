"""Finding and reading dice in camera frames. Knows no game rule."""
