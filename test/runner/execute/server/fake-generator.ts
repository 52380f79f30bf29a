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
  readinessContainer: (port, readyPath) => ({
    image: "fake-generator",
    cmd: ["ready", String(port), readyPath],
    env: {},
    labels: {},
  }),
};
