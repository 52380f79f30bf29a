// The load generator: one step per process. BC_STEP (JSON) in, exactly one summary line out (exit 0); bad input
// exit 2, a crash exit 1, each with one line on stderr. With --session, many steps fed on stdin (session.ts).

import type { GeneratorStepConfig } from "../contract/generator-step.ts";
import { loadWorkload, resolveWorkloadSource } from "./load/load-workload.ts";
import { parseFlags } from "./load/parse-flags.ts";
import { readStepConfig } from "./load/read-step-config.ts";
import { reportFailure, runSession } from "./session.ts";
import { runFixedStep } from "./step/run-fixed-step.ts";
import { runPacedStep } from "./step/run-paced-step.ts";

async function runStep(config: GeneratorStepConfig, stdinSource?: string): Promise<object> {
  const source = await resolveWorkloadSource(config.workload, stdinSource);
  const loaded = await loadWorkload(source, config.requests);
  // Flags are checked here, before any worker starts, so a bad one is exit 2 at once.
  parseFlags(loaded.workload, config.flags, `workload ${source.name}`);
  return loaded.shape === "fixed"
    ? runFixedStep(config, source, loaded.workload)
    : runPacedStep(config, source);
}

function crash(error: unknown): never {
  process.exit(reportFailure(error));
}
// A workload's stray async error (a timer, an event handler) ends the step with one line, not a stack trace.
process.on("uncaughtException", crash);
process.on("unhandledRejection", crash);

if (process.argv.includes("--session")) runSession(runStep).then((code) => process.exit(code), crash);
else
  Promise.resolve()
    .then(() => runStep(readStepConfig(process.env.BC_STEP)))
    .then((summary) => {
      process.stdout.write(`${JSON.stringify(summary)}\n`);
      process.exit(0);
    }, crash);
