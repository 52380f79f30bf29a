import { z } from "zod";

/**
 * interleaved: cell A rep 1, cell B rep 1, …, then rep 2, so slow host drift spreads over every cell; adaptive extra
 * repetitions after. sequential: each cell's repetitions back to back (the order before, kept for comparison).
 */
export const RepetitionOrder = z.enum(["interleaved", "sequential"]);
export type RepetitionOrder = z.infer<typeof RepetitionOrder>;
export const DEFAULT_REPETITION_ORDER: RepetitionOrder = "interleaved";
