#!/usr/bin/env bash
# The table memory's figures in the model card (issue 34): a game night, `dicetable eval --learn K`
# for K = 1, 3, 5, 10, on every real set with dice of many looks, and each set read without a
# memory. Outputs go to work-data/memory/after/ (or the folder named as $1). Real photos from
# ${DICE_DATA:-../shared/dice-data}.
source "$(dirname "$0")/_venv.sh" ""
export PATH="$PWD/.venv/bin:$PATH"
D="${DICE_DATA:-../shared/dice-data}"
out="${1:-work-data/memory/after}"
mkdir -p "$out"
sets=(
    "byler-colour --split all"
    "byler-colour --split test"
    "rune55-pxl-colour --split all --match centre"
    "aws-phone --split all --match centre"
    "epanemu-felt --split all --match centre"
)
for set in "${sets[@]}"; do
    read -r name rest <<< "$set"
    tag="$name$(grep -o 'test' <<< "$rest" || true)"
    dicetable eval "$D/$name" $rest > "$out/${tag}_none.txt"
    for k in 1 3 5 10; do
        dicetable eval "$D/$name" $rest --learn "$k" > "$out/${tag}_learn$k.txt"
    done
done
pxl="$D/rune55-pxl-colour --split all --match centre"
dicetable eval $pxl --game ryb > "$out/rune55-pxl-colour_ryb_none.txt"
dicetable eval $pxl --learn 5 --game ryb > "$out/rune55-pxl-colour_learn5_ryb.txt"
echo "figures written to $out/"
