import type { GeneratorStepConfig } from "../../contract/generator-step.ts";
import type { WorkloadContext } from "../api/workload.ts";
import { secretHeaders } from "../load/secret-headers.ts";
import { concurrencyShare } from "./worker-messages.ts";

/** What a module is told about its worker's share of the step. */
export function workloadContext(
  config: GeneratorStepConfig,
  flags: Record<string, unknown>,
  worker: number,
  workers: number,
): WorkloadContext<Record<string, unknown>> {
  return {
    step: {
      kind: config.kind,
      ratePerSec: config.kind === "open" && config.ratePerSec !== null ? config.ratePerSec / workers : null,
      concurrency: concurrencyShare(config.concurrency, worker, workers),
      durationMs: config.durationMs,
      sloP99Ms: config.sloP99Ms,
      timeoutMs: config.timeoutMs,
      baseUrl: `${config.tls ? "https" : "http"}://${config.host ?? "127.0.0.1"}:${config.port}`,
      port: config.port,
      host: config.host ?? "127.0.0.1",
      tls: config.tls ?? null,
      headers: secretHeaders(),
      watchHeader: config.watchHeader ?? null,
      worker,
      workers,
    },
    flags,
    now: () => performance.now(),
    log: (line) => process.stderr.write(`[worker ${worker}] ${line}\n`),
  };
}
