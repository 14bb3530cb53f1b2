#!/usr/bin/env bash
# Every figure quoted in the README and the model card, measured on this machine now; the outputs
# go to work-data/figures/. Real photos from ${DICE_DATA:-../shared/dice-data}; the held-out
# renders are made first where missing. Run it with nothing else busy: it times things.
source "$(dirname "$0")/_venv.sh" ""
export PATH="$PWD/.venv/bin:$PATH"
D="${DICE_DATA:-../shared/dice-data}"
out=work-data/figures
mkdir -p "$out"
python -c "from pathlib import Path
from models.training.synthetic import HOLDOUT_SETS, MATERIAL_CHECK_SETS, ensure_rendered
ensure_rendered(Path('work-data/synth'), (*HOLDOUT_SETS, *MATERIAL_CHECK_SETS))"
{ date -u; nproc; lscpu | grep "Model name"; } > "$out/when.txt"
dicetable bench > "$out/bench.txt"
dicetable bench --live > "$out/bench_live.txt"
# Beside the revisions whose speed issues 21 (151c8e4, 23.5 ms on 2026-11-23) and 30 (7359caa)
# ask not to fall behind, on this machine today.
scripts/bench_against.sh 151c8e4 7359caa > "$out/bench_against.txt"
dicetable bench --memory 1000 --empty > "$out/bench_memory_empty.txt"
for reader in model baseline; do
    dicetable eval "$D/byler-colour" "$D/matteop65-white" "$D/rune55-gray" --reader "$reader" \
        > "$out/eval_${reader}_real.txt"
    dicetable eval "$D/rune55-gray" --match centre --reader "$reader" \
        > "$out/eval_${reader}_rune55_centre.txt"
    for held in holdout holdout2; do
        dicetable eval "work-data/synth/$held" --split all --reader "$reader" \
            > "$out/eval_${reader}_${held}.txt"
    done
done
# rune55-pxl-colour: a table the shipped reader never trained on (all of it), as read at a table
# of any game, at an RYB table, and on a game night whose first 5 photos the players confirmed.
pxl="$D/rune55-pxl-colour"
dicetable eval "$pxl" --split all --match centre > "$out/eval_pxl_all.txt"
dicetable eval "$pxl" --split all --match centre --game ryb > "$out/eval_pxl_all_ryb.txt"
dicetable eval "$pxl" --split all --match centre --learn 5 > "$out/eval_pxl_learn5.txt"
dicetable eval "$pxl" --split all --match centre --learn 5 --game ryb \
    > "$out/eval_pxl_learn5_ryb.txt"
dicetable eval "$pxl" --match centre > "$out/eval_pxl_test.txt"
# Real slanted photos (issue 30): aws-phone's five held-out surfaces, epanemu-felt's held-out
# blocks; and game material never trained on, without dice and with dice among the pieces.
dicetable eval "$D/aws-phone" --match centre --game ryb > "$out/eval_aws_test_ryb.txt"
dicetable eval "$D/epanemu-felt" --match centre > "$out/eval_epanemu_test.txt"
for set in material_empty material_dice; do
    dicetable eval "work-data/synth/$set" --split all > "$out/eval_$set.txt"
done
# Live rolls (issue 35, docs/live.md): three test videos per real set and per held-out render
# set, played as `dicetable watch --game ryb` plays a file.
dicetable eval-live "$D/byler-colour" "$D/rune55-pxl-colour" "$D/aws-phone" "$D/epanemu-felt" \
    "$D/matteop65-white" work-data/synth/holdout work-data/synth/holdout2 --videos 3 \
    > "$out/eval_live.txt"
echo "figures written to $out/"
