#!/bin/bash
# A ccalc sweep as a Slurm job array: each task runs one shard of the points (task i of n runs the
# points with index ≡ i mod n; ccalc reads SLURM_ARRAY_TASK_ID, _MIN and _COUNT itself) into
# $OUT/shard-<i>-of-<n>.duckdb and .parquet. When every task is done, join the shards:
#   sbatch cluster/slurm-sweep.sh sweeps/ecn-thresholds.json out/ecn-study
#   sbatch --dependency=afterok:<job id> --wrap "npx ccalc sweep merge out/ecn-study"
# A task that failed or was cut short is run again with the same command and --resume (it skips
# the points its table already holds). The output folder must be on a file system all nodes share.
#SBATCH --job-name=ccalc-sweep
#SBATCH --array=0-15
#SBATCH --cpus-per-task=2
#SBATCH --mem=4G
#SBATCH --time=01:00:00
#SBATCH --output=ccalc-sweep-%A_%a.log
set -euo pipefail
SWEEP=${1:?usage: sbatch slurm-sweep.sh <sweep.json> <output folder>}
OUT=${2:?usage: sbatch slurm-sweep.sh <sweep.json> <output folder>}
# One worker thread per CPU Slurm gave the task; --resume makes a rerun of the task continue.
npx ccalc sweep "$SWEEP" --out "$OUT" --workers "${SLURM_CPUS_PER_TASK:-1}" --resume
