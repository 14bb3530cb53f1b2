"""Per-camera profiles: table region, colour reference, player zones."""
