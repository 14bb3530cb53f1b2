"""The Flask dashboard: table view, kid view, stream overlay, JSON API and live updates."""
