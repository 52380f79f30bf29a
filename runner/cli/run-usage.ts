import { DEFAULT_MATRIX_PATH, DEFAULT_OUT_DIR } from "./cli-defaults.ts";

export const RUN_USAGE = `Usage: bun runner/matrix.ts [run] [MATRIX_FILE] [flags]

Runs every cell of MATRIX_FILE (default ${DEFAULT_MATRIX_PATH}) in Docker under real CPU/memory limits.

Other commands (each has --help):
  report RUN_ID|latest     re-render the reports of a stored run
  compare RUN_A RUN_B      per-cell changes between two runs
  check --target N ...     pre-deploy gate: run one size, exit 0 pass, 1 fail, 2 bad input

Flags (each at most once; --flag VALUE or --flag=VALUE):
  --profile NAME        profile of the matrix file (default: its defaultProfile)
  --cpus LIST           replace the cpus axis, e.g. --cpus 0.5,1
  --memory LIST         replace the memory axis, e.g. --memory 256Mi,512Mi (Ki Mi Gi, k m g, or bytes)
  --smol true|false|both  replace the smol axis
  --scenario LIST       run only these scenarios, e.g. --scenario throughput,fanout
  --reps N              repetitions per cell (whole number >= 1)
  --out DIR             results directory (default ${DEFAULT_OUT_DIR})
  --resume RUN_ID       continue an interrupted run, skipping finished cells
  --dry-run             print the planned cells and the estimated time; run nothing
  --force               also run cells that need more CPUs or memory than the host has
  --driver local|swarm  where repetitions run: this engine (default) or the Docker Swarm it manages (README: Swarm)
  -h, --help            print this help

Axis flags narrow the whole plan, cells added by include rules too. Bad flags or a bad file exit with code 2.`;
