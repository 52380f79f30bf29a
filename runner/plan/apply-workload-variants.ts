import { expandCommand } from "../config/command-template.ts";
import type { WorkloadVariant } from "../config/resolved-matrix.ts";
import type { Cell } from "./cell.ts";
import { cellId } from "./cell-id.ts";
import type { PlanVariant } from "./cell-variant.ts";
import type { Candidate } from "./expand-cells.ts";

/** Cell.image of a variant whose own image is still to be built; bindVariantImages() swaps in the reference. */
export const variantImageToBuild = (name: string) => `<image of variant ${name} built by the runner>`;

/** A built cell with the command template it came from (the estimate reads it). */
export type VariantCell = { cell: Cell; template: readonly string[] };

/** One cell per variant (the cell alone when there are none): its id, image, command and env set by the variant. */
export function applyWorkloadVariants(
  cell: Cell,
  candidate: Candidate,
  variants: WorkloadVariant[],
  idFlagKeys: readonly string[],
): VariantCell[] {
  const template = candidate.source.command ?? [];
  if (variants.length === 0) return [{ cell, template }];
  return variants.map((variant) => {
    const values = { ...candidate.source, scenario: candidate.source.name };
    // A service's command is the server's own (no scenario placeholders); a scenario's is a template.
    const command = !variant.command
      ? cell.command
      : cell.mode === "service"
        ? variant.command
        : expandCommand(variant.command, values, candidate.flags);
    const env = { ...cell.env, ...variant.env };
    // A variant's own BUN_OPTIONS keeps the cell's --smol.
    if (cell.smol && variant.env.BUN_OPTIONS !== undefined && !/--smol\b/.test(variant.env.BUN_OPTIONS))
      env.BUN_OPTIONS = `--smol ${variant.env.BUN_OPTIONS}`;
    const image =
      variant.image === null
        ? cell.image
        : variant.image.kind === "image" && variant.bunVersion === null
          ? variant.image.ref
          : variantImageToBuild(variant.name);
    const built: Cell = {
      ...cell,
      id: cellId({ ...candidate, variant: variant.name }, idFlagKeys),
      image,
      command,
      env,
      variant: { name: variant.name, bunVersion: variant.bunVersion },
    };
    return { cell: built, template: variant.command ?? template };
  });
}

/** The variants as the plan stores them. */
export function planVariants(variants: WorkloadVariant[]): PlanVariant[] {
  return variants.map(({ name, image, bunVersion, command, env }) => ({
    name,
    image,
    bunVersion,
    command,
    env,
  }));
}
