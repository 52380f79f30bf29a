import { z } from "zod";
import { GeneratorStepConfig } from "../../contract/generator-step.ts";

/** The step's config from env BC_STEP (JSON), checked against the contract and for the fields its kind needs. */
export function readStepConfig(raw: string | undefined): GeneratorStepConfig {
  if (raw === undefined || raw.trim() === "")
    throw new GeneratorInputError("BC_STEP is not set: expected the step's config as JSON");
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    throw new GeneratorInputError(`BC_STEP is not JSON: ${(error as Error).message}`);
  }
  return checkStepConfig(json, "BC_STEP");
}

/** A parsed step config (BC_STEP, or a session's step frame named by `where`) checked like readStepConfig. */
export function checkStepConfig(json: unknown, where: string): GeneratorStepConfig {
  const parsed = GeneratorStepConfig.safeParse(json);
  if (!parsed.success)
    throw new GeneratorInputError(`${where}: ${z.prettifyError(parsed.error).replaceAll("\n", " ")}`);
  const config = parsed.data;
  if (config.kind === "open" && config.ratePerSec === null) {
    throw new GeneratorInputError(
      `${where}: kind is open but ratePerSec is null (an open step needs its arrival rate)`,
    );
  }
  if (config.kind === "open" && (config.rateFromMs === null || config.rateToMs === null)) {
    throw new GeneratorInputError(
      `${where}: kind is open but rateFromMs/rateToMs is null (an open step needs its rate window)`,
    );
  }
  if (config.workload === null && config.requests.length === 0) {
    throw new GeneratorInputError(
      `${where}: requests is empty and workload is null: no request mix and no module to run`,
    );
  }
  return config;
}

/** Bad input (config, flags, workload module): main.ts prints its message as one line and exits 2. */
export class GeneratorInputError extends Error {
  override readonly name = "GeneratorInputError";
}
