import { mkdir } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { RequestShape } from "../../contract/generator-step.ts";
import { GeneratorInputError } from "./read-step-config.ts";
import { requestMix } from "./request-mix.ts";
import { type LoadedWorkload, workloadShape } from "./workload-shape.ts";

export interface WorkloadSource {
  /** A file the module can be imported from (workers import it too); null: the built-in request mix. */
  path: string | null;
  /** What the fixed summary and messages call it. */
  name: string;
}

/**
 * config.workload to an importable source: null is the mix, "-" is stdin written to a file named by its hash (in
 * session mode, the source its workload frame carried, given as `stdinSource`).
 */
export async function resolveWorkloadSource(
  workload: string | null,
  stdinSource?: string,
): Promise<WorkloadSource> {
  if (workload === null) return { path: null, name: "request-mix" };
  if (workload !== "-") return { path: resolve(workload), name: basename(workload).replace(/\..*$/, "") };
  return writeWorkloadSource(stdinSource ?? (await Bun.stdin.text()));
}

/** A module's source written to a file named by its hash, so it (and each worker) can import it. */
export async function writeWorkloadSource(source: string): Promise<WorkloadSource> {
  if (source.trim() === "") throw new GeneratorInputError('workload "-": nothing was written on stdin');
  const hash = new Bun.CryptoHasher("sha256").update(source).digest("hex").slice(0, 16);
  const folder = process.env.TMPDIR || "/tmp";
  await mkdir(folder, { recursive: true });
  const path = join(folder, `bc-workload-${hash}.ts`);
  await Bun.write(path, source);
  return { path, name: "stdin" };
}

/** Imports the workload (or builds the mix from the step's requests) and checks its shape. */
export async function loadWorkload(
  source: WorkloadSource,
  requests: RequestShape[],
): Promise<LoadedWorkload> {
  if (source.path === null) return { shape: "paced", workload: requestMix(requests) };
  const where = `workload ${source.name === "stdin" ? "on stdin" : source.path}`;
  const file = Bun.file(source.path);
  if (!(await file.exists())) throw new GeneratorInputError(`${where}: no such file`);
  let exported: unknown;
  try {
    exported = ((await import(pathToFileURL(source.path).href)) as { default?: unknown }).default;
  } catch (error) {
    throw new GeneratorInputError(
      `${where}: could not be loaded: ${(error as Error)?.message ?? String(error)}. Next step: a workload module ` +
        "imports only types and exports a default object as generator/api/workload.ts describes",
    );
  }
  return workloadShape(exported, where);
}
