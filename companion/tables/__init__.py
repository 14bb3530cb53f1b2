"""Each table's memory of its own dice: the store, and filling it from labelled photos and play.
The reader is handed the memory as a value; nothing here touches a game's events."""
