import path from "node:path";
import { bundledScenarios, isBundledScenario } from "./bundled-scenarios.ts";
import { CloudRunSettings } from "./cloud-run-settings.ts";
import type { FlagValue } from "./command-template.ts";
import {
  BUNDLED_BUILD,
  BUNDLED_COMMAND,
  BUNDLED_SLO_P99_MS,
  DEFAULT_AXES,
  FALLBACK_SLO_P99_MS,
  REPO_ROOT,
  SCENARIO_DEFAULTS,
  SERVICE_DEFAULTS,
} from "./config-defaults.ts";
import type { BodyIssue, CellMatcher, MatrixBody, ScenarioSettings } from "./matrix-body.ts";
import { resolveMemorySearch } from "./memory-search-settings.ts";
import { parseMemorySize } from "./memory-size.ts";
import { resolveLoad, resolveService } from "./resolve-service.ts";
import { resolveWorkloadVariants } from "./resolve-workload-variants.ts";
import type { ImageSource, MatrixVariant, ResolvedScenario } from "./resolved-matrix.ts";

export type ResolveOptions = {
  profile: string | null;
  /** Directory of the matrix file: relative build contexts start there. */
  matrixDir: string;
  /** Scenario names the profile runs; null: all of them. */
  selected: string[] | null;
};

/** Fills defaults and checks what one field alone cannot: image kind, scenario names, commands, matchers. */
export function resolveVariant(
  body: MatrixBody,
  options: ResolveOptions,
): { variant: MatrixVariant; issues: BodyIssue[] } {
  const issues: BodyIssue[] = [];
  if (body.build && body.image)
    issues.push({
      path: ["image"],
      message: "set either build (your Dockerfile) or image (a prebuilt image), not both",
    });
  const served = resolveService(body, options.matrixDir, issues);
  const image = served?.image ?? resolveImage(body, options.matrixDir);
  const bundledImage = !served && image.kind === "build" && isBundledBuild(image);
  const variants = resolveWorkloadVariants(body, image, options.matrixDir, issues);
  const variantCommands = variants.length > 0 && variants.every((v) => v.command !== null);

  const scenarios = Object.entries(body.scenarios ?? {}).map(([name, settings]) => {
    const selected = options.selected === null || options.selected.includes(name);
    const scenario = resolveScenario(body, name, settings, selected, bundledImage, variantCommands);
    const { load, problem } = resolveLoad(settings, served !== null, options.matrixDir);
    return { ...scenario, load, problem: served ? problem : (problem ?? scenario.problem) };
  });
  if (!scenarios.some((scenario) => scenario.selected))
    issues.push({
      path: ["scenarios"],
      message: "no scenarios to run; add at least one, e.g. `throughput: {}`",
    });
  for (const scenario of scenarios)
    if (scenario.selected && scenario.problem)
      issues.push({ path: ["scenarios", scenario.name], message: scenario.problem });

  const include = body.include ?? [];
  const exclude = body.exclude ?? [];
  checkMatchers("include", include, scenarios, issues);
  checkMatchers("exclude", exclude, scenarios, issues);

  // Parsed once here, carried typed through the plan into run.json and the sizing.
  const parsedCloudRun = CloudRunSettings.safeParse(body.cloudRun ?? {}, { reportInput: true });
  if (!parsedCloudRun.success)
    for (const issue of parsedCloudRun.error.issues)
      issues.push({ ...issue, path: ["cloudRun", ...issue.path] });
  // On failure the issues above stop loading; the placeholder only keeps the type.
  const cloudRun = parsedCloudRun.success ? parsedCloudRun.data : CloudRunSettings.parse({});
  checkTraffic(
    cloudRun,
    scenarios.map((scenario) => scenario.name),
    issues,
  );

  // The search's cells run at its largest size; the sizes below are soaked once those are measured.
  const memorySearch = resolveMemorySearch(body, issues);
  const axes = {
    cpus: body.axes?.cpus ?? DEFAULT_AXES.cpus,
    memoryBytes: memorySearch
      ? [memorySearch.toBytes]
      : Array.isArray(body.axes?.memory)
        ? body.axes.memory
        : DEFAULT_AXES.memory.map(defaultMemoryBytes),
    smol: body.axes?.smol ?? DEFAULT_AXES.smol,
    concurrency: served ? (body.axes?.concurrency ?? SERVICE_DEFAULTS.concurrency) : [],
    ...(body.axes?.nofile && { nofile: body.axes.nofile }),
    ...(body.axes?.cpuView && { cpuView: body.axes.cpuView }),
  };
  const variant = {
    profile: options.profile,
    image,
    bundledImage,
    axes,
    service: served?.service ?? null,
    scenarios,
    include,
    exclude,
    cloudRun,
    variants,
    execution: { driver: body.execution?.driver ?? "local", shareHosts: body.execution?.shareHosts ?? false },
    memorySearch,
  };
  return { variant, issues };
}

function resolveImage(body: MatrixBody, matrixDir: string): ImageSource {
  if (body.image) return { kind: "image", ref: body.image };
  if (!body.build) return { kind: "build", ...BUNDLED_BUILD };
  return {
    kind: "build",
    context: path.resolve(matrixDir, body.build.context ?? "."),
    dockerfile: body.build.dockerfile ?? BUNDLED_BUILD.dockerfile,
    args: body.build.args ?? {},
  };
}

function isBundledBuild(image: { context: string; dockerfile: string }): boolean {
  return image.context === REPO_ROOT && path.normalize(image.dockerfile) === BUNDLED_BUILD.dockerfile;
}

function resolveScenario(
  body: MatrixBody,
  name: string,
  settings: ScenarioSettings,
  selected: boolean,
  bundledImage: boolean,
  /** Every variant sets its own command: the scenario needs none. */
  variantCommands = false,
): ResolvedScenario {
  const defaults = body.defaults ?? {};
  const pick = <K extends keyof typeof SCENARIO_DEFAULTS>(key: K) =>
    settings[key] ?? defaults[key] ?? SCENARIO_DEFAULTS[key];
  const flags: Record<string, FlagValue[]> = {};
  for (const [key, value] of Object.entries(settings.flags ?? {}))
    flags[key] = Array.isArray(value) ? value : [value];
  const command = settings.command ?? body.command ?? (bundledImage ? BUNDLED_COMMAND : null);
  let problem: string | null = null;
  if (bundledImage && !isBundledScenario(name))
    problem = `"${name}" is not a scenario of the bundled image; allowed: ${bundledScenarios().join(", ")} (for your own scenarios set build or image, and a command)`;
  else if (!command && !variantCommands)
    problem = `"${name}" has no command; an image of your own needs \`command\` at the top level or under the scenario`;
  return {
    name,
    selected,
    flags,
    sloP99Ms:
      settings.sloP99Ms ??
      defaults.sloP99Ms ??
      (bundledImage ? BUNDLED_SLO_P99_MS[name] : undefined) ??
      FALLBACK_SLO_P99_MS,
    warmupSeconds: pick("warmupSeconds"),
    durationSeconds: pick("durationSeconds"),
    stepSeconds: pick("stepSeconds"),
    repetitions: pick("repetitions"),
    maxRepetitions: pick("maxRepetitions"),
    timeoutSeconds: pick("timeoutSeconds"),
    network: pick("network"),
    env: { ...defaults.env, ...settings.env },
    command,
    problem,
    load: null,
  };
}

/** A matcher naming a scenario or flag that does not exist would silently match nothing. */
function checkMatchers(
  key: string,
  matchers: CellMatcher[],
  scenarios: ResolvedScenario[],
  issues: BodyIssue[],
) {
  const names = scenarios.map((scenario) => scenario.name);
  matchers.forEach((matcher, index) => {
    if (matcher.scenario !== undefined && !names.includes(matcher.scenario)) {
      issues.push({
        path: [key, index, "scenario"],
        message: `"${matcher.scenario}" is not a scenario of this matrix; scenarios: ${names.join(", ")}`,
      });
      return;
    }
    const scenario = scenarios.find((candidate) => candidate.name === matcher.scenario);
    if (key === "include" && scenario?.problem)
      issues.push({ path: [key, index, "scenario"], message: scenario.problem });
    if (key !== "exclude") return;
    const known = new Set(
      (scenario ? [scenario] : scenarios).flatMap((candidate) => Object.keys(candidate.flags)),
    );
    for (const flag of Object.keys(matcher.flags ?? {}))
      if (!known.has(flag))
        issues.push({
          path: [key, index, "flags", flag],
          message: `no scenario ${scenario ? `"${scenario.name}" ` : ""}has the flag "${flag}"; flags: ${[...known].join(", ") || "none"}`,
        });
  });
}

function defaultMemoryBytes(size: string): number {
  const parsed = parseMemorySize(size);
  if ("error" in parsed) throw new Error(`bad DEFAULT_AXES memory ${size}`);
  return parsed.bytes;
}

/** cloudRun.traffic names scenarios: a name that is none of them would silently drop out of the service's mix. */
export function checkTraffic(cloudRun: CloudRunSettings, scenarioNames: string[], issues: BodyIssue[]): void {
  for (const name of Object.keys(cloudRun.traffic ?? {}))
    if (!scenarioNames.includes(name))
      issues.push({
        path: ["cloudRun", "traffic", name],
        message: `"${name}" is not a scenario of this matrix; traffic shares name scenarios: ${scenarioNames.join(", ")}`,
      });
}
