"""The camera agent (`dicetable agent`): the camera, reader and settle detector where the camera
is, sending each settled roll to a club's server; an on-disk outbox so that no roll is lost and
none is sent as a different roll twice (docs/club.md). It keeps no game: the server's session
does."""
