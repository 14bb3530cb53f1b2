#!/usr/bin/env bash
# Issue 30's figures for one pair of models, every one from `dicetable eval`:
#   scripts/eval_pair.sh MODELS_DIR|shipped OUT_DIR [quick]
# MODELS_DIR holds dice_finder.onnx, dice_reader.onnx and models.sha256 (a training run's --out);
# `quick` leaves out rune55-gray's 525 photos. Real photos from ${DICE_DATA:-../shared/dice-data};
# the game-material renders from `python -m models.training.synthetic`.
source "$(dirname "$0")/_venv.sh" ""
set -uo pipefail
D="${DICE_DATA:-../shared/dice-data}"
m=(); [ "$1" != shipped ] && m=(--models "$1")
out=$2; mkdir -p "$out"
dicetable eval "$D/aws-phone" --game ryb --match centre "${m[@]}" > "$out/aws_test_ryb.txt" 2>&1
dicetable eval "$D/aws-phone" --match centre "${m[@]}" > "$out/aws_test.txt" 2>&1
dicetable eval "$D/epanemu-felt" --match centre "${m[@]}" > "$out/epa_test.txt" 2>&1
dicetable eval "$D/rune55-pxl-colour" --split all --match centre "${m[@]}" > "$out/pxl_all.txt" 2>&1
dicetable eval "$D/byler-colour" "${m[@]}" > "$out/byler.txt" 2>&1
dicetable eval "$D/matteop65-white" "${m[@]}" > "$out/matteop65.txt" 2>&1
for set in material_empty material_dice; do
    dicetable eval "work-data/synth/$set" --split all "${m[@]}" > "$out/$set.txt" 2>&1
done
[ "${3:-}" = quick ] && exit 0
dicetable eval "$D/rune55-gray" --match centre "${m[@]}" > "$out/rune55_centre.txt" 2>&1
