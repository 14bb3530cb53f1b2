#!/usr/bin/env bash
# Time the reader of each git revision named against the working tree's, alternating runs of
# `dicetable bench` on this machine, so that a busy or slower machine weighs on every side alike:
#   scripts/bench_against.sh [--dice N] [--their-dice M] REV [REV ...]   (rounds: ROUNDS, default 4)
# --dice: dice a rendered frame holds for this tree, --their-dice: for the revisions (both 12
# unless given), so "36 dice now against 12 at f740a4f" is one run:
#   scripts/bench_against.sh --dice 36 --their-dice 12 f740a4f
# --live: the live path's cost per frame at a still table of --dice dice (`bench --live --dice`),
# every side on the same frames rendered here (each side's "still" line: a revision before
# reading only what changed reads every frame in full):
#   scripts/bench_against.sh --live --dice 36 f740a4f
# Each revision runs from a temporary worktree with its own models and this tree's .venv. The
# last lines are each side's mean over the rounds and this tree's ratio to each revision.
source "$(dirname "$0")/_venv.sh" ""
usage="usage: scripts/bench_against.sh [--live] [--dice N] [--their-dice M] REV [REV ...]"
mine=12 theirs=12 live=""
while [ $# -gt 0 ]; do
    case "$1" in
        --live) live=1; shift ;;
        --dice) mine="${2:-}"; shift 2 || { echo "$usage" >&2; exit 2; } ;;
        --their-dice) theirs="${2:-}"; shift 2 || { echo "$usage" >&2; exit 2; } ;;
        -*) echo "$usage" >&2; exit 2 ;;
        *) break ;;
    esac
done
for n in "$mine" "$theirs"; do
    [[ "$n" =~ ^[0-9]+$ ]] && [ "$n" -le 60 ] \
        || { echo "dice a frame must be a whole number from 0 to 60, got '$n'" >&2; exit 2; }
done
[ $# -ge 1 ] || { echo "$usage" >&2; exit 2; }
work="$(mktemp -d)"
trap 'for d in "$work"/*/; do git worktree remove --force "$d" >/dev/null 2>&1; done; rm -rf "$work"' EXIT
for rev in "$@"; do
    git worktree add --detach --force "$work/$rev" "$rev" >/dev/null 2>&1 \
        || { echo "no revision $rev" >&2; exit 2; }
done
# One line per run: the side, then its mean (and p95) in ms a frame.
runs="$work/runs.txt"
if [ -n "$live" ]; then
    theirs="$mine"
    scenes="$work/scenes.npy"
    dicetable bench --live --dice "$mine" --frames "${FRAMES:-30}" --save-scenes "$scenes"
fi
side_run() {  # $1: folder to run in (empty: this tree), $2: dice
    local py=("$here/.venv/bin/python")
    if [ -n "$live" ]; then
        (cd "${1:-$here}" && PYTHONPATH="${1:-$here}" "${py[@]}" "$here/scripts/live_table.py" \
            "$scenes" --dice "$2" | grep '^still  ' | cut -c21-38)
    elif [ -n "$1" ]; then
        (cd "$1" && PYTHONPATH="$1" "${py[@]}" -m companion.cli bench --dice "$2" \
            | grep '^total' | cut -c11-)
    else
        dicetable bench --dice "$2" | grep '^total' | cut -c11-
    fi
}
what="dicetable bench"; [ -n "$live" ] && what="bench --live: the still table"
echo "side                      ms a frame: mean, p95 ($what, $(nproc) cores)"
for round in $(seq "${ROUNDS:-4}"); do
    for rev in "$@"; do
        side="$rev, $theirs dice"
        figures=$(side_run "$work/$rev" "$theirs")
        printf '%-26s%s\n' "$side" "$figures"
        echo "$side|$figures" >> "$runs"
    done
    side="this tree, $mine dice"
    figures=$(side_run "" "$mine")
    printf '%-26s%s\n' "$side" "$figures"
    echo "$side|$figures" >> "$runs"
done
awk -F'|' '
    { split($2, f, " "); sum[$1] += f[1]; n[$1] += 1; if (!($1 in seen)) { order[++k] = $1; seen[$1] = 1 } }
    END {
        print "mean over the rounds:"
        for (i = 1; i <= k; i++) printf "  %-24s %8.2f ms\n", order[i], sum[order[i]] / n[order[i]]
        here = order[k]
        for (i = 1; i < k; i++)
            printf "  %s / %s: %.2f\n", here, order[i], (sum[here] / n[here]) / (sum[order[i]] / n[order[i]])
    }' "$runs"
