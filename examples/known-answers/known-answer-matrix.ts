import { join } from "node:path";
import { KNOWN_ANSWERS } from "./known-answers.ts";

/** Repository root: the image's build context (the Dockerfile copies the harness and these plug-ins from it). */
export const REPO_ROOT = join(import.meta.dir, "../..");

export interface KnownAnswerMatrixOptions {
  scenarios?: readonly string[];
  cpus: readonly number[];
  memory: readonly string[];
  repetitions: number;
  stepSeconds: number;
}

/** A matrix file (JSON is YAML) that runs the known-answer plug-ins in their own image through the runner. */
export function knownAnswerMatrix(options: KnownAnswerMatrixOptions): string {
  const chosen = KNOWN_ANSWERS.filter((a) => !options.scenarios || options.scenarios.includes(a.scenario));
  return JSON.stringify(
    {
      build: { context: REPO_ROOT, dockerfile: "examples/known-answers/Dockerfile" },
      command: [
        "examples/known-answers/{scenario}.ts",
        "--mode=ceiling",
        "--warmup-s={warmupSeconds}",
        "--step-s={stepSeconds}",
        "--slo-p99-ms={sloP99Ms}",
        "{flags}",
      ],
      defaults: {
        warmupSeconds: 1,
        stepSeconds: options.stepSeconds,
        repetitions: options.repetitions,
        maxRepetitions: options.repetitions,
        timeoutSeconds: 180,
      },
      scenarios: Object.fromEntries(
        chosen.map((a) => [a.scenario, { sloP99Ms: a.sloP99Ms, flags: a.flags }]),
      ),
      axes: { cpus: options.cpus, memory: options.memory, smol: [false] },
      cloudRun: { targetPerSec: 1000 },
    },
    null,
    2,
  );
}
