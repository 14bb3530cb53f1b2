# Sourced by run.sh and test.sh: make (or reuse) .venv and install the project into it.
# $1: the pip extras to install, e.g. "" or "test".
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
python="${PYTHON:-python3}"
if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    echo "Dicetable needs Python 3.11 or newer; $python is $("$python" --version 2>&1)" >&2
    exit 1
fi
if [ ! -x .venv/bin/python ]; then
    "$python" -m venv .venv
fi
stamp=".venv/.installed-${1:-base}"
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    .venv/bin/python -m pip install --quiet --upgrade pip
    spec="."
    [ -n "${1:-}" ] && spec=".[$1]"
    .venv/bin/python -m pip install --quiet -e "$spec"
    touch "$stamp"
fi
export PATH="$here/.venv/bin:$PATH"
