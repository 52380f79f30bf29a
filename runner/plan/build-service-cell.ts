import type { ImageSource, ResolvedService } from "../config/resolved-matrix.ts";
import type { Cell } from "./cell.ts";
import type { Candidate } from "./expand-cells.ts";
import { IMAGE_TO_BUILD } from "./plan.ts";

/** A sidecar's image reference until the runner built it. */
export const sidecarToBuild = (name: string) => `<sidecar ${name} built by the runner>`;
/** Images the runner resolves before the first container (the holder's base image, the generator's image). */
export const BOUND_BY_RUNNER = "<bound by the runner>";

/** The server-mode cell: the scenario cell's limits and settings, the service's command and env, its requests. */
export function buildServiceCell(
  candidate: Candidate,
  service: ResolvedService,
  image: ImageSource,
  base: Cell,
): Cell {
  const { source } = candidate;
  const load = source.load ?? { requests: [], script: null, scriptPath: null };
  const env = { ...service.env, ...base.env };
  return {
    ...base,
    image: image.kind === "image" ? image.ref : IMAGE_TO_BUILD,
    command: service.command ?? [],
    env,
    network: false,
    mode: "service",
    concurrency: candidate.concurrency ?? null,
    service: {
      port: service.port,
      readyPath: service.readyPath,
      readyTimeoutSeconds: service.readyTimeoutSeconds,
      concurrencySearch: service.concurrencySearch,
      stepSeconds: source.stepSeconds,
      requests: load.requests,
      script: load.script,
      scriptPath: load.scriptPath,
      workload: load.workload ?? null,
      ...(load.fixed && { fixed: true }),
      holderImage: BOUND_BY_RUNNER,
      generator: {
        name: BOUND_BY_RUNNER,
        version: BOUND_BY_RUNNER,
        image: BOUND_BY_RUNNER,
        calibration: null,
      },
      sidecars: service.sidecars.map((sidecar) => ({
        name: sidecar.name,
        source: sidecar.image,
        image: sidecar.image.kind === "image" ? sidecar.image.ref : sidecarToBuild(sidecar.name),
        command: sidecar.command,
        env: sidecar.env,
        readyCommand: sidecar.readyCommand,
      })),
    },
  };
}
