"""Each table's memory of its own dice: the store, and filling it from labelled photos and play."""
