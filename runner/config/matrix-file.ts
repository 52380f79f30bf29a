import { z } from "zod";
import { FEW_ENTRIES, fewEntries, mappingError, ProfileName } from "./field-schemas.ts";
import { BODY_KEYS } from "./matrix-body.ts";
import { strictObject } from "./strict-object.ts";

/** Top-level keys only; bodies (the file's own and each profile merged over it) are checked by MatrixBody. */
const rawBodyShape = Object.fromEntries(BODY_KEYS.map((key) => [key, z.unknown().optional()])) as Record<
  (typeof BODY_KEYS)[number],
  z.ZodOptional<z.ZodUnknown>
>;

export const ProfileOverride = z.preprocess(
  (value) => (value === null ? {} : value),
  strictObject(rawBodyShape),
);
export type ProfileOverride = z.output<typeof ProfileOverride>;

export const MatrixFile = strictObject({
  ...rawBodyShape,
  defaultProfile: ProfileName.optional(),
  profiles: z
    .record(ProfileName, ProfileOverride, mappingError("profile name: overrides"))
    .refine(fewEntries, FEW_ENTRIES)
    .optional(),
});
