// The load generator: one step per process. BC_STEP (JSON) in, exactly one summary line out (exit 0); bad input
// exit 2, a crash exit 1, each with one line on stderr.

import { loadWorkload, resolveWorkloadSource } from "./load/load-workload.ts";
import { parseFlags } from "./load/parse-flags.ts";
import { GeneratorInputError, readStepConfig } from "./load/read-step-config.ts";
import { runFixedStep } from "./step/run-fixed-step.ts";
import { runPacedStep } from "./step/run-paced-step.ts";

async function main(): Promise<object> {
  const config = readStepConfig(process.env.BC_STEP);
  const source = await resolveWorkloadSource(config.workload);
  const loaded = await loadWorkload(source, config.requests);
  // Flags are checked here, before any worker starts, so a bad one is exit 2 at once.
  parseFlags(loaded.workload, config.flags, `workload ${source.name}`);
  return loaded.shape === "fixed"
    ? runFixedStep(config, source, loaded.workload)
    : runPacedStep(config, source);
}

function crash(error: unknown): never {
  const input = error instanceof GeneratorInputError;
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(
    `bun-capacity generator: ${input ? "" : "failed: "}${message.replaceAll("\n", " ")}\n`,
  );
  process.exit(input ? 2 : 1);
}
// A workload's stray async error (a timer, an event handler) ends the step with one line, not a stack trace.
process.on("uncaughtException", crash);
process.on("unhandledRejection", crash);

main().then((summary) => {
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  process.exit(0);
}, crash);
