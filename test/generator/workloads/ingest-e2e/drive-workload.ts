import { z } from "zod";
import type { Outcome, PacedWorkload, StepInfo } from "../../../../generator/api/workload.ts";

export interface DriveOptions {
  baseUrl: string;
  port: number;
  ratePerSec: number;
  count: number;
  concurrency: number;
  timeoutMs: number;
  flags: Record<string, string | number | boolean>;
}

/**
 * A tiny open loop over a paced workload module, for its own tests until the generator's main.ts runs it: `count`
 * sends at `ratePerSec`, at most `concurrency` holding a slot, each bounded by timeoutMs; then close().
 */
export async function driveWorkload(workload: PacedWorkload, options: DriveOptions) {
  const flags = z.object(workload.flags?.(z) ?? {}).parse(options.flags);
  const step: StepInfo = {
    kind: "open",
    ratePerSec: options.ratePerSec,
    concurrency: options.concurrency,
    durationMs: (options.count * 1000) / options.ratePerSec,
    sloP99Ms: options.timeoutMs,
    timeoutMs: options.timeoutMs,
    baseUrl: options.baseUrl,
    port: options.port,
    worker: 0,
    workers: 1,
  };
  const logs: string[] = [];
  const context = { step, flags, now: () => performance.now(), log: (line: string) => logs.push(line) };
  const send = await workload.open(context);
  const figures = { started: 0, completed: 0, errors: 0, latenciesMs: [] as number[] };
  let holding = 0;
  const startMs = performance.now();
  const operations: Promise<void>[] = [];
  for (let i = 0; i < options.count; i++) {
    const intendedMs = startMs + (i * 1000) / options.ratePerSec;
    while (performance.now() < intendedMs || holding >= options.concurrency) await Bun.sleep(1);
    figures.started++;
    holding++;
    let held = true;
    const release = () => {
      if (held) holding--;
      held = false;
    };
    const timeout = Bun.sleep(options.timeoutMs).then(() => ({ ok: false }) as Outcome);
    operations.push(
      Promise.race([Promise.resolve(send(i, { intendedMs, release })), timeout]).then(
        (value) => {
          const outcome = typeof value === "object" && value !== null ? value : { ok: value !== false };
          release();
          figures.completed++;
          if (!outcome.ok) figures.errors++;
          figures.latenciesMs.push((outcome.doneAtMs ?? performance.now()) - intendedMs);
        },
        () => {
          release();
          figures.completed++;
          figures.errors++;
        },
      ),
    );
  }
  await Promise.all(operations);
  const settlement = (await workload.close?.(context)) ?? {};
  return { ...figures, settlement, logs };
}
