import type { z } from "zod";
import { AbruptDisconnectFigures } from "./abrupt-disconnect-figures.ts";

/** Per-workload figure schemas: a known workload's line must carry its figures; others are checked generically. */
export const FIXED_FIGURE_SCHEMAS: Record<string, z.ZodType> = {
  "abrupt-disconnect": AbruptDisconnectFigures,
};
