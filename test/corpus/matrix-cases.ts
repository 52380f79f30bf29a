import { axisCases } from "./matrix/axis-cases.ts";
import { cloudRunCases } from "./matrix/cloud-run-cases.ts";
import { imageCases } from "./matrix/image-cases.ts";
import type { MatrixCase } from "./matrix/matrix-case.ts";
import { ruleCases } from "./matrix/rule-cases.ts";
import { scenarioCases } from "./matrix/scenario-cases.ts";
import { serviceCases } from "./matrix/service-cases.ts";
import { yamlCases } from "./matrix/yaml-cases.ts";

/** Every malformed matrix file, by theme (test/corpus/matrix/). */
export function matrixCases(): MatrixCase[] {
  return [
    ...axisCases(),
    ...scenarioCases(),
    ...imageCases(),
    ...ruleCases(),
    ...cloudRunCases(),
    ...serviceCases(),
    ...yamlCases(),
  ];
}
