"""Per-camera profiles: table region, colour reference, player zones, and the tool that records
them. A profile is a value handed to the reader; nothing here holds game state."""
