import { IMAGE_TO_BUILD, type Plan } from "./plan.ts";

/** The plan with the built image's reference in every cell that waited for it. */
export function bindImage(plan: Plan, imageRef: string): Plan {
  const cells = plan.cells.map((cell) =>
    cell.image === IMAGE_TO_BUILD ? { ...cell, image: imageRef } : cell,
  );
  return { ...plan, cells };
}
