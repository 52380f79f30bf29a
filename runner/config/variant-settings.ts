import { z } from "zod";
import {
  CommandTemplate,
  EnvName,
  FEW_ENTRIES,
  FlagValue,
  fewEntries,
  ImageRef,
  mappingError,
} from "./field-schemas.ts";
import { strictObject } from "./strict-object.ts";

/** A variant name ends up in cell ids and file names (`__v-<name>`): filesystem-safe and short. */
export const MAX_VARIANT_NAME_CHARS = 40;
export const VariantName = z
  .string({ error: "expected a variant name" })
  .max(MAX_VARIANT_NAME_CHARS, `a variant name may have at most ${MAX_VARIANT_NAME_CHARS} characters`)
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
    "a variant name may only use letters, digits, '.', '_' or '-', starting with a letter or digit (it becomes part of cell ids and file names)",
  );

/** An exact npm version of the package `bun` (semver: 1.2.19, 1.3.0-canary.1); no ranges, tags or leading v. */
export const BunVersion = z
  .string({ error: "expected a Bun version like 1.2.19" })
  .regex(
    /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?$/,
    "expected an exact Bun version like 1.2.19 (semver: no range, tag or leading v)",
  );

/** One build of the workload: its own image (prebuilt, a Dockerfile, or the matrix's build on another Bun), command, env. */
export const VariantSettings = z.preprocess(
  // `name:` alone (null) is a variant identical to the matrix's build: an A/A run that shows the noise.
  (value) => (value === null ? {} : value),
  strictObject({
    image: ImageRef.optional(),
    build: strictObject({
      context: z.string().min(1, "expected a directory").optional(),
      dockerfile: z.string().min(1, "expected a file name").optional(),
      args: z.record(z.string(), FlagValue.transform(String), mappingError("NAME: value")).optional(),
    }).optional(),
    command: CommandTemplate.optional(),
    env: z
      .record(EnvName, z.string({ error: "expected a string" }), mappingError("NAME: value"))
      .refine(fewEntries, FEW_ENTRIES)
      .optional(),
    bunVersion: BunVersion.optional(),
  }),
);
export type VariantSettings = z.output<typeof VariantSettings>;

export const VariantsSettings = z
  .record(
    VariantName,
    VariantSettings,
    mappingError("variant name: {image | build | command | env | bunVersion}"),
  )
  .refine(fewEntries, FEW_ENTRIES);
