import type { CloudRunSettings } from "../config/cloud-run-settings.ts";

/** The --concurrency a cell is sized at: its own (server mode measures at it), else cloudRun.concurrency (in-process cells have none). */
export const cellConcurrency = (cell: { concurrency?: number | null }, settings: CloudRunSettings): number =>
  cell.concurrency ?? settings.concurrency;
