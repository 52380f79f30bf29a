import { MatrixError } from "../config/matrix-error.ts";
import type { Matrix, MatrixVariant, ResolvedScenario } from "../config/resolved-matrix.ts";
import type { PlanOptions } from "./plan.ts";

const FLAG_MISMATCH = "The command line does not fit the matrix file";

/** The profile, A/B variants and scenarios the command line picks; a name the file lacks stops the plan. */
export function selectByFlags(
  matrix: Matrix,
  options: PlanOptions,
): { variant: MatrixVariant; scenarios: ResolvedScenario[] } {
  const profile = pickVariant(matrix, options.profile ?? null);
  const variant = pickWorkloadVariants(matrix, profile, options.variants ?? null);
  return { variant, scenarios: pickScenarios(matrix, variant, options.scenarios ?? null) };
}

function pickVariant(matrix: Matrix, requested: string | null): MatrixVariant {
  const name = requested ?? matrix.defaultProfile;
  if (name === null && matrix.base) return matrix.base;
  const variant = name === null ? undefined : matrix.profiles[name];
  if (variant) return variant;
  const names = Object.keys(matrix.profiles);
  const message = `--profile "${name}" is not a profile of this file; profiles: ${names.join(", ") || "none"}`;
  throw new MatrixError(matrix.path, [{ path: "profiles", line: null, column: null, message }], {
    nextStep: names.length
      ? "Pick one of them, or add it under profiles."
      : "Drop --profile, or add a profiles section.",
    headline: FLAG_MISMATCH,
  });
}

/** The profile with only the A/B variants --variant names (in the file's order); an unknown name stops the plan. */
function pickWorkloadVariants(matrix: Matrix, variant: MatrixVariant, names: string[] | null): MatrixVariant {
  if (names === null) return variant;
  const known = variant.variants.map((v) => v.name);
  const unknown = names.find((name) => !known.includes(name));
  if (unknown === undefined)
    return { ...variant, variants: variant.variants.filter((v) => names.includes(v.name)) };
  const message = known.length
    ? `--variant "${unknown}" is not a variant of this profile; variants: ${known.join(", ")}`
    : `--variant "${unknown}": this profile has no variants`;
  throw new MatrixError(matrix.path, [{ path: "variants", line: null, column: null, message }], {
    nextStep: known.length ? "Pick variants the file defines." : "Drop --variant, or add a variants section.",
    headline: FLAG_MISMATCH,
  });
}

function pickScenarios(matrix: Matrix, variant: MatrixVariant, names: string[] | null): ResolvedScenario[] {
  if (names === null) return variant.scenarios.filter((scenario) => scenario.selected);
  return names.map((name) => {
    const scenario = variant.scenarios.find((candidate) => candidate.name === name);
    const known = variant.scenarios.map((candidate) => candidate.name).join(", ");
    const problem = scenario
      ? scenario.problem
      : `"${name}" is not a scenario of this file; scenarios: ${known}`;
    if (scenario && !problem) return scenario;
    throw new MatrixError(
      matrix.path,
      [{ path: "scenarios", line: null, column: null, message: `--scenario ${problem}` }],
      {
        nextStep: "Pick scenarios the file defines, or add the scenario to it.",
        headline: FLAG_MISMATCH,
      },
    );
  });
}
