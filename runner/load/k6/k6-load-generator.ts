import type { PodMemberSpec } from "../../drivers/execution-driver.ts";
import type { LoadGenerator, StepRequest } from "../load-generator.ts";
import { IMAGE_SCRIPT_DIR, K6_GOGC_PERCENT, MAX_ENV_STEP_BYTES } from "./k6-defaults.ts";
import { k6StepConfig } from "./k6-step-config.ts";
import { parseK6Summary } from "./parse-k6-summary.ts";
import { toGeneratorStep } from "./to-generator-step.ts";

const K6_RUN = ["k6", "run", "--quiet", "--log-output=stderr"];
const LABELS = { "bun-capacity.role": "generator" };

/** k6 as the load generator: one `k6 run` per step, in the image that ensureGeneratorImage built. */
export function createK6LoadGenerator(image: string, version: string): LoadGenerator {
  return {
    name: "k6",
    version,
    image,
    stepContainer: (request) => stepContainer(image, request),
    parseStep: (request, output) =>
      toGeneratorStep(request, parseK6Summary(output.stdout, output.stderr), output.cpuSeconds),
    readinessContainer: (port, readyPath, timeoutMs) => ({
      image,
      cmd: [...K6_RUN, `${IMAGE_SCRIPT_DIR}/readiness.js`],
      env: { BC_READY_URL: `http://127.0.0.1:${port}${readyPath}`, BC_READY_TIMEOUT_MS: String(timeoutMs) },
      labels: { "bun-capacity.role": "readiness" },
    }),
  };
}

function stepContainer(image: string, request: StepRequest): PodMemberSpec {
  const config = k6StepConfig(request);
  const json = JSON.stringify(config);
  const env = {
    BC_STEP: json,
    BC_KIND: config.kind,
    BC_RATE_PER_SEC: String(config.ratePerSec ?? ""),
    BC_CONCURRENCY: String(config.concurrency),
    BC_DURATION_MS: String(config.durationMs),
    BC_BASE_URL: config.baseUrl,
    GOGC: String(K6_GOGC_PERCENT),
  };
  if (request.script !== null)
    return { image, cmd: [...K6_RUN, "-"], env, labels: LABELS, stdin: request.script };
  if (Buffer.byteLength(json) <= MAX_ENV_STEP_BYTES) {
    return { image, cmd: [...K6_RUN, `${IMAGE_SCRIPT_DIR}/requests-step.js`], env, labels: LABELS };
  }
  // Too big for one environment variable (large bodies): the same script, the step inlined, on stdin.
  return {
    image,
    cmd: [...K6_RUN, "-"],
    env: { ...env, BC_STEP: "" },
    labels: LABELS,
    stdin: inlineScript(json),
  };
}

function inlineScript(json: string): string {
  return [
    `import { mixSender, runStep, stepOptions, stepSummary } from "${IMAGE_SCRIPT_DIR}/step-lib.js";`,
    `const step = ${json};`,
    "const send = mixSender(step);",
    "export const options = stepOptions(step);",
    "export default () => runStep(step, send);",
    "export const handleSummary = (data) => stepSummary(step, data);",
  ].join("\n");
}
