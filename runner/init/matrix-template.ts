import { CLOUD_RUN_LIMITS } from "../cloudrun/cloud-run-limits.ts";

/** What `init` found, and what the written matrix.yaml says. */
export interface InitFacts {
  /** Relative to the matrix file's folder. */
  context: string;
  /** Relative to the context; null for the default `Dockerfile`. */
  dockerfile: string | null;
  port: number;
  /** Where the port came from, for its comment. */
  portSource: string;
  readyPath: string;
  /** How the ready path was chosen, for its comment. */
  readySource: string;
  requestPath: string;
  scenario: string;
  /** The command the Dockerfile starts, for a comment. */
  command: string[];
  packageName: string | null;
  cpus: number[];
  /** Cloud Run CPU values left out because this host has too few cores to pin them. */
  cpusLeftOut: number[];
  memory: string[];
}

/** Cloud Run's CPU choices above 1 (fractions from 0.08 to 1 are allowed too). */
export const CLOUD_RUN_WHOLE_CPUS = Object.keys(CLOUD_RUN_LIMITS.memoryRangeByCpus).map(Number);
/** The axes init proposes: half a vCPU to two, each memory valid for each of them on Cloud Run. */
export const INIT_CPUS = [0.5, 1, 2];
export const INIT_MEMORY = ["512Mi", "1Gi"];
/** A starting target: edit it to the service's real peak. */
export const INIT_TARGET_PER_SEC = 100;

const q = (text: string) => JSON.stringify(text);

/** The commented matrix.yaml `init` writes: every value is one the config loader accepts. */
export function matrixTemplate(facts: InitFacts): string {
  const build = [
    `context: ${q(facts.context)}`,
    ...(facts.dockerfile ? [`dockerfile: ${q(facts.dockerfile)}`] : []),
  ];
  // Cloud Run runs instances below 1 vCPU at concurrency 1 only; from 1 vCPU, at its default 80.
  const fractional = facts.cpus.filter((cpus) => cpus < 1);
  const whole = facts.cpus.filter((cpus) => cpus >= 1);
  const concurrency = [
    ...(fractional.length ? [1] : []),
    ...(whole.length ? [CLOUD_RUN_LIMITS.defaultConcurrency] : []),
  ];
  const exclude =
    fractional.length && whole.length
      ? [
          ...fractional.map(
            (cpus) => `{ cpus: ${cpus}, concurrency: ${CLOUD_RUN_LIMITS.defaultConcurrency} }`,
          ),
          ...whole.map((cpus) => `{ cpus: ${cpus}, concurrency: 1 }`),
        ]
      : [];
  const leftOut = facts.cpusLeftOut.length
    ? ` ${facts.cpusLeftOut.join(", ")} left out: this host has too few cores to pin them (see --force).`
    : "";
  return `# bun-capacity matrix${facts.packageName ? ` for ${facts.packageName}` : ""}, written by \`bun-capacity init\`.
# Run it with \`bunx bun-capacity run\` (results in ./bun-capacity-results); every key: docs/matrix-reference.md.
# The Dockerfile starts: ${facts.command.length ? facts.command.join(" ") : "(no ENTRYPOINT or CMD)"}

# Server mode: the tool builds your image and sends load to it over loopback, under real CPU and memory limits.
service:
  build: { ${build.join(", ")} } # relative to this file
  port: ${facts.port} # ${facts.portSource}
  readyPath: ${q(facts.readyPath)} # ${facts.readySource}
  env: { PORT: ${q(String(facts.port))} } # Cloud Run sets PORT; so does the tool

# One request scenario: its ceiling is the highest load whose p99 meets sloP99Ms.
scenarios:
  ${facts.scenario}:
    request: { method: GET, path: ${q(facts.requestPath)} }
    sloP99Ms: 100

# How long each load step lasts and how many times each cell runs (more repetitions: tighter figures).
defaults:
  warmupSeconds: 1
  stepSeconds: 1
  repetitions: 3

# Sizes to measure. Cloud Run allows 0.08-1 vCPU in fractions and ${CLOUD_RUN_WHOLE_CPUS.join(", ")} whole;${leftOut}
# memory 128Mi-4Gi at 1 vCPU (at most 1Gi below 1 vCPU, 512Mi below 0.5). concurrency is Cloud Run's --concurrency:
# below 1 vCPU Cloud Run allows 1 only, so those sizes are measured at 1 and the others at ${CLOUD_RUN_LIMITS.defaultConcurrency}.
axes:
  cpus: [${facts.cpus.join(", ")}]
  memory: [${facts.memory.join(", ")}]
  smol: [false]
  concurrency: [${concurrency.join(", ")}]
${exclude.length ? `exclude: [${exclude.join(", ")}]\n` : ""}
# What to size for: your peak requests per second (edit it), and how Cloud Run bills it.
cloudRun:
  targetPerSec: ${INIT_TARGET_PER_SEC}
  billing: auto
`;
}
