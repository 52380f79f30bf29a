import os from "node:os";
import { z } from "zod";

/** What the machine running the containers offers; injected into planning so tests are deterministic. */
export const HostFacts = z
  .object({ cores: z.number().positive(), memoryBytes: z.number().int().positive() })
  .strict();
export type HostFacts = z.infer<typeof HostFacts>;

/** This machine as Node sees it; the Docker engine's own view (docker info NCPU/MemTotal) is better when at hand. */
export function localHostFacts(): HostFacts {
  return { cores: os.availableParallelism(), memoryBytes: os.totalmem() };
}
