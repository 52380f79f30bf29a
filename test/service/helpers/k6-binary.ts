import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const REPO = join(import.meta.dir, "../../..");

/** The k6 binary: K6_BIN, else the one `scripts/setup.sh --generator` installed, else `k6` on PATH; null when none. */
export function k6Binary(): string | null {
  const fromEnv = process.env.K6_BIN;
  if (fromEnv !== undefined && fromEnv !== "") return fromEnv;
  const version = readFileSync(join(REPO, ".k6-version"), "utf8").trim();
  const installed = join(REPO, ".cache/k6", version, "k6");
  if (existsSync(installed)) return installed;
  return Bun.which("k6");
}

export const K6_MISSING =
  "k6 not found: set K6_BIN to a k6 1.1.0 binary (or put k6 on PATH) to run the step script tests";
