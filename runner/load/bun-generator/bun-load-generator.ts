import { GeneratorStepSummary, SessionStepEnd } from "../../../contract/generator-step.ts";
import type { PodMemberSpec } from "../../drivers/execution-driver.ts";
import type { GeneratorSessionProtocol, LoadGenerator, StepRequest } from "../load-generator.ts";
import { parseGeneratorLine } from "./generator-output.ts";
import { generatorStepConfig } from "./generator-step-config.ts";
import { toGeneratorStep } from "./to-generator-step.ts";

export const GENERATOR_NAME = "bun-generator";
/** Where generator/ lands in its image (generator/Dockerfile: WORKDIR /app). */
export const IMAGE_APP_DIR = "/app";
export const IMAGE_MAIN = `${IMAGE_APP_DIR}/generator/main.ts`;
export const IMAGE_READINESS = `${IMAGE_APP_DIR}/generator/readiness.ts`;

const LABELS = { "bun-capacity.role": "generator" };

/** Our generator (generator/main.ts): a session of steps, or one run per step, in the image that ensureGeneratorImage built. */
export function createBunLoadGenerator(image: string, version: string): LoadGenerator {
  return {
    name: GENERATOR_NAME,
    version,
    image,
    stepContainer: (request) => stepContainer(image, request),
    parseStep: (request, output) =>
      toGeneratorStep(
        request,
        parseGeneratorLine(output.stdout, output.stderr, "bcStepSummary", GeneratorStepSummary),
        output.cpuSeconds,
      ),
    session: sessionProtocol(image),
    readinessContainer: (port, readyPath, timeoutMs) => ({
      image,
      cmd: ["bun", IMAGE_READINESS, `http://127.0.0.1:${port}${readyPath}`, String(timeoutMs)],
      env: {},
      labels: { "bun-capacity.role": "readiness" },
    }),
  };
}

function stepContainer(image: string, request: StepRequest): PodMemberSpec {
  const config = generatorStepConfig(request);
  const spec = { image, cmd: ["bun", IMAGE_MAIN], env: { BC_STEP: JSON.stringify(config) }, labels: LABELS };
  // A user's module travels on stdin; bundled ones are in the image already.
  return config.workload === "-" ? { ...spec, stdin: request.workload?.source ?? "" } : spec;
}

const STEP_END_MARKER = "bcStepEnd";

/** generator/main.ts --session (generator/session.ts): frames on stdin, each step's output ending with a SessionStepEnd line. */
function sessionProtocol(image: string): GeneratorSessionProtocol {
  return {
    container: () => ({ image, cmd: ["bun", IMAGE_MAIN, "--session"], env: {}, labels: LABELS }),
    workloadFrame: (request) => {
      const source = request.workload?.imagePath === null ? request.workload.source : null;
      return source === null
        ? null
        : { source, line: `${JSON.stringify({ bcFrame: "workload", source })}\n` };
    },
    stepFrame: (request) => `${JSON.stringify({ bcFrame: "step", config: generatorStepConfig(request) })}\n`,
    isStepEnd: (line) => line.startsWith("{") && line.includes(`"${STEP_END_MARKER}"`),
    parseStepEnd: (stdout, stderr) => parseGeneratorLine(stdout, stderr, STEP_END_MARKER, SessionStepEnd),
  };
}
