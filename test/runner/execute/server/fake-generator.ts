import type { LoadStep } from "../../../../contract/result.ts";
import type { LoadGenerator } from "../../../../runner/load/load-generator.ts";

/** A generator whose "container" output is the step the model predicts, as JSON. */
export const fakeGenerator: LoadGenerator = {
  name: "fake",
  version: "0",
  image: "fake-generator",
  stepContainer: (request) => ({
    image: "fake-generator",
    cmd: ["step"],
    env: { STEP: JSON.stringify(request) },
    labels: {},
  }),
  parseStep: (request, output) => {
    const step = JSON.parse(output.stdout) as LoadStep;
    const sendLagP99Ms = step.generatorSendLagP99Ms ?? 0;
    return {
      step: { ...step, phase: request.phase, generatorCpuSeconds: output.cpuSeconds },
      droppedRequests: 0,
      generatorCpuSeconds: output.cpuSeconds,
      self: {
        sendLagP50Ms: sendLagP99Ms / 2,
        sendLagP99Ms,
        sendLagMaxMs: sendLagP99Ms,
        turnaroundMeanMs: step.generatorTurnaroundMeanMs ?? null,
        serviceMeanMs: step.operationMeanMs ?? null,
        cpuSeconds: output.cpuSeconds,
        workers: request.workers ?? 1,
      },
    };
  },
  session: {
    container: () => ({ image: "fake-generator", cmd: ["session"], env: {}, labels: {} }),
    workloadFrame: (request) =>
      request.workload && request.workload.imagePath === null
        ? { source: request.workload.source, line: `MODULE ${JSON.stringify(request.workload.source)}\n` }
        : null,
    stepFrame: (request) => `STEP ${JSON.stringify(request)}\n`,
    isStepEnd: (line) => line.startsWith("END "),
    parseStepEnd: (stdout) => {
      const end = stdout.trim().split("\n").at(-1) ?? "";
      return JSON.parse(end.replace(/^END /, "")) as { exitCode: number; cpuSeconds: number };
    },
  },
  readinessContainer: (port, readyPath) => ({
    image: "fake-generator",
    cmd: ["ready", String(port), readyPath],
    env: {},
    labels: {},
  }),
};
