import type { HostProbe } from "../../../contract/host-probe.ts";
import { PROBE_REFERENCE, type ProbeForm, scoreProbe } from "../../../runner/host/host-probe.ts";

/** A probe whose every part runs at `speed` × the reference (so its composite is `speed`), taken at `takenAt`. */
export function probeAt(
  speed: number,
  takenAt = "2026-11-27T04:00:00.000Z",
  form: ProbeForm = "full",
): HostProbe {
  const ref = PROBE_REFERENCE.opsPerSec[form];
  return scoreProbe(
    {
      form,
      integer: ref.integer * speed,
      allocation: ref.allocation * speed,
      json: ref.json * speed,
      http: ref.http * speed,
      bunVersion: "1.4.5",
      elapsedMs: 3600,
    },
    { takenAt, cpuModel: "AMD EPYC", core: 0 },
  );
}
