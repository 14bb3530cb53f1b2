"""The Flask dashboard: table view, kid view, stream overlay, JSON API and live updates. It reads
state and appends events through the session; it computes no rule itself."""
