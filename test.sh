#!/usr/bin/env bash
# Every check CI runs: lint, types, and the whole test suite (browser tests included when
# Chromium is present; CI installs it and sets DICETABLE_REQUIRE_BROWSER=1 so none is skipped).
source "$(dirname "$0")/scripts/_venv.sh" "test"
if [ ! -x /usr/bin/chromium ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "installing Debian's chromium for the browser tests" >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
        || echo "could not install chromium; browser tests will be skipped" >&2
fi
ruff check .
ruff format --check .
mypy .
exec python -m pytest "$@"
