import type { PodSpec } from "../../drivers/execution-driver.ts";
import type { LoadGenerator } from "../../load/load-generator.ts";
import type { Cell } from "../../plan/cell.ts";
import type { ServiceCell } from "../../plan/service-cell.ts";
import { containerSpec, type RunContext } from "../container-spec.ts";
import type { CorePlan } from "../place-cores.ts";

/** The pod of one server-mode repetition: sidecars unlimited, the service under the cell's limits and hardening. */
export function serverPodSpec(
  cell: Cell & { service: ServiceCell },
  generator: LoadGenerator,
  context: RunContext,
  cores?: CorePlan,
): PodSpec {
  const service = containerSpec(cell, cell.image, context, cores);
  const labels = { ...service.labels };
  const member = <T extends { labels: Record<string, string> }>(spec: T): T => ({
    ...spec,
    labels: { ...spec.labels, ...labels },
  });
  const readinessTimeoutMs = cell.service.readyTimeoutSeconds * 1000;
  return {
    holderImage: cell.service.holderImage,
    service,
    sidecars: cell.service.sidecars.map((sidecar) =>
      member({
        name: sidecar.name,
        image: sidecar.image,
        cmd: sidecar.command ?? [],
        env: sidecar.env,
        labels: {},
        readyCmd: sidecar.readyCommand,
      }),
    ),
    readiness: member(
      generator.readinessContainer(cell.service.port, cell.service.readyPath, readinessTimeoutMs),
    ),
    readinessTimeoutMs,
    ...(cores?.others && { membersCpuset: cores.others }),
  };
}
