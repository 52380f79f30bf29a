import type { CellRecord } from "../../results/cell-record.ts";

/** A variant cell's variant and the Bun its containers reported (runtimeVersion); nothing without variants. */
export function variantFacts(record: CellRecord): { variant?: string; bunVersion?: string | null } {
  if (!record.cell.variant) return {};
  // Server mode measures from outside: its results say "unknown (…)", so the requested version stands.
  const reported = record.repetitions.flatMap((r) => (r.result ? [r.result.environment.runtimeVersion] : []));
  const versions = new Set(reported.filter((version) => !version.startsWith("unknown")));
  return {
    variant: record.cell.variant.name,
    bunVersion: versions.size > 0 ? [...versions].join(", ") : record.cell.variant.bunVersion,
  };
}
