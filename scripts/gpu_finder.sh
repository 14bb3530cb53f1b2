#!/usr/bin/env bash
# Issue 30 on a lent GPU machine (device `run`, carry gpu and work-data/run40w): render the
# training sets there in 16 processes, then train two finders at once for MINUTES each,
# (a) from scratch and (b) on from run 40's finder with its batch-norm statistics free, with
# game material at a larger share; weights and logs come back in $OUT.
# Prepared here with: python -m models.training.pack gpu/dice-data --quality 75 --copies 3 \
#   --set aws-phone --set byler-colour --set epanemu-felt --set matteop65-white --set rune55-gray
set -uo pipefail
export PYTHONUNBUFFERED=1 OMP_NUM_THREADS=1
OUT=${OUT:-work-data/gpu-out}; MINUTES=${MINUTES:-5}; mkdir -p "$OUT"
nvidia-smi -L; nproc
python3 -c "import torch, cv2; print(torch.__version__, torch.cuda.is_available(), cv2.__version__)"
R=gpu/synth
sets=(s640 s_tables s_material s_material_more s_material_bare)
start=$(date +%s)
python3 -m models.training.synthetic $R --jobs 16 "${sets[@]/#/--set=}" --set holdout \
    --set holdout2 > "$OUT/render.log" 2>&1 || { tail -30 "$OUT/render.log"; exit 1; }
echo "rendered in $(( $(date +%s) - start )) s"
common=(--data gpu/dice-data --rendered $R "${sets[@]/#/--renders=}" --leave-out rune55-pxl-colour
    --share rune55-gray=0.14 --share matteop65-white=0.07 --only finder --from work-data/run40w
    --device cuda --workers 7 --threads 1 --finder-batch 32 --finder-minutes "$MINUTES")
python3 -m models.training "${common[@]}" --finder-lr 3e-3 --seed 50 \
    --out "$OUT/a" --work "$OUT/a" > "$OUT/a.log" 2>&1 &
python3 -m models.training "${common[@]}" --resume work-data/run40w --finder-lr 5e-4 --seed 51 \
    --out "$OUT/b" --work "$OUT/b" > "$OUT/b.log" 2>&1 &
wait
tail -4 "$OUT/a.log" "$OUT/b.log"
tar czf "$OUT/runs.tgz" -C "$OUT" a b && rm -rf "$OUT/a" "$OUT/b"
echo "done in $(( $(date +%s) - start )) s"
