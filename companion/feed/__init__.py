"""The camera feed as a game's table reads it: the reader's settings for the game, the table's
memory and calibration, and a reading as printed and captioned. Used by the CLI and the camera
agent; it keeps no game state and never writes to the store."""
