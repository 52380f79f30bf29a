import { GeneratorOutputError } from "./generator-output-error.ts";

/** The epoch ms of the first 2xx, from the readiness container's stdout. */
export function parseReadyAtMs(stdout: string, stderr: string): number {
  const line = stdout
    .split("\n")
    .map((l) => l.trim())
    .findLast((l) => /^\d{12,}$/.test(l));
  if (!line) throw GeneratorOutputError.from("the readiness probe printed no epoch-ms line", stderr);
  return Number(line);
}
