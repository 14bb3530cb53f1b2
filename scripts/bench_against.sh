#!/usr/bin/env bash
# Time the reader of each git revision named against the working tree's, alternating runs of
# `dicetable bench` on this machine, so that a busy or slower machine weighs on every side alike:
#   scripts/bench_against.sh REV [REV ...]     (rounds: ROUNDS, default 4)
# Each revision runs from a temporary worktree with its own models and this tree's .venv.
source "$(dirname "$0")/_venv.sh" ""
[ $# -ge 1 ] || { echo "usage: scripts/bench_against.sh REV [REV ...]" >&2; exit 2; }
work="$(mktemp -d)"
trap 'for d in "$work"/*/; do git worktree remove --force "$d" >/dev/null 2>&1; done; rm -rf "$work"' EXIT
for rev in "$@"; do
    git worktree add --detach --force "$work/$rev" "$rev" >/dev/null 2>&1 \
        || { echo "no revision $rev" >&2; exit 2; }
done
echo "revision        ms a frame: mean, p95 (dicetable bench, $(nproc) cores)"
for round in $(seq "${ROUNDS:-4}"); do
    for rev in "$@"; do
        printf '%-14s' "$rev"
        (cd "$work/$rev" && PYTHONPATH="$work/$rev" "$here/.venv/bin/python" -m companion.cli bench \
            | grep '^total' | cut -c11-)
    done
    printf '%-14s' "this tree"
    dicetable bench | grep '^total' | cut -c11-
done
