#!/usr/bin/env bash
# The main job: the dashboard on http://127.0.0.1:8000, watching a camera (--source 0) or,
# with no --source, playing the bundled demo recording. Installs what it needs on first use.
source "$(dirname "$0")/scripts/_venv.sh" ""
exec dicetable serve "$@"
