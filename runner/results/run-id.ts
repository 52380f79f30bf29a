import { randomBytes } from "node:crypto";

/** A sortable, filesystem-safe run id: 2026-11-22T03-40-00Z-abc123. */
export function newRunId(now: Date = new Date(), suffix: string = randomBytes(3).toString("hex")): string {
  return `${now.toISOString().slice(0, 19).replaceAll(":", "-")}Z-${suffix}`;
}

export const RUN_ID_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z-[a-z0-9]+$/;
