import { z } from "zod";

/** A finite number >= 0: every measured figure in the contract. */
export const nonNegative = z.number().finite().nonnegative();
