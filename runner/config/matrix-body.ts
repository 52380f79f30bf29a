import { z } from "zod";
import { CLOUD_RUN_LIMITS } from "../cloudrun/cloud-run-limits.ts";
import { CPU_VIEWS } from "../host/core-allocation.ts";
import {
  Bool,
  CommandTemplate,
  Cpus,
  EnvName,
  FEW_ENTRIES,
  FlagEntry,
  FlagKey,
  FlagValue,
  fewEntries,
  ImageRef,
  MAX_LIST,
  MAX_MATCHERS,
  MemoryBytes,
  mappingError,
  noDuplicates,
  PositiveMs,
  PositiveSeconds,
  Repetitions,
  ScenarioName,
  Seconds,
} from "./field-schemas.ts";
import { MemorySearchSettings } from "./memory-search-settings.ts";
import { Concurrency, RequestMix, RequestSettings, ServiceSettings } from "./service-settings.ts";
import { strictObject } from "./strict-object.ts";
import { VariantsSettings } from "./variant-settings.ts";

/** What a matrix file (or a profile merged over it) describes; unset fields fall back to config-defaults.ts. */

const nullAsEmpty = (value: unknown) => (value === null ? {} : value);
const mapping = mappingError;
const AT_LEAST_ONE = "expected at least one value";
const AT_MOST = `expected at most ${MAX_LIST} values`;
const CpuViewValue = z.enum(CPU_VIEWS, { error: "expected pinned or shared" });

const settingsShape = {
  sloP99Ms: PositiveMs.optional(),
  warmupSeconds: Seconds.optional(),
  durationSeconds: PositiveSeconds.optional(),
  stepSeconds: PositiveSeconds.optional(),
  repetitions: Repetitions.optional(),
  maxRepetitions: Repetitions.optional(),
  timeoutSeconds: PositiveSeconds.optional(),
  network: Bool.optional(),
  env: z
    .record(EnvName, z.string({ error: "expected a string" }), mapping("NAME: value"))
    .refine(fewEntries, FEW_ENTRIES)
    .optional(),
};

export const ScenarioDefaults = strictObject(settingsShape);

export const ScenarioSettings = z.preprocess(
  nullAsEmpty,
  strictObject({
    ...settingsShape,
    flags: z
      .record(FlagKey, FlagEntry, mapping("flag: value or [values]"))
      .refine(fewEntries, FEW_ENTRIES)
      .optional(),
    command: CommandTemplate.optional(),
    // Server mode (with `service:`): one request, a weighted mix, or a workload module (.ts, relative to the matrix).
    request: RequestSettings.optional(),
    requests: RequestMix.optional(),
    script: z
      .string({ error: "expected a workload module (.ts)" })
      .min(1, "expected a workload module (.ts)")
      .optional(),
    // false: a fixed-shape workload (connection storm, backlog and drain): the script runs once, no ceiling search.
    search: Bool.optional(),
  }),
);
export type ScenarioSettings = z.output<typeof ScenarioSettings>;

export const BuildSettings = strictObject({
  context: z.string().min(1, "expected a directory").optional(),
  dockerfile: z.string().min(1, "expected a file name").optional(),
  args: z.record(z.string(), FlagValue.transform(String), mapping("NAME: value")).optional(),
});

const MemoryList = z
  .array(MemoryBytes, { error: "expected a list like [256Mi, 512Mi, 1Gi], or search" })
  .min(1, AT_LEAST_ONE)
  .max(MAX_LIST, AT_MOST)
  .superRefine(noDuplicates);

export const Axes = strictObject({
  cpus: z
    .array(Cpus, { error: "expected a list like [0.5, 1, 2]" })
    .min(1, AT_LEAST_ONE)
    .max(MAX_LIST, AT_MOST)
    .superRefine(noDuplicates)
    .optional(),
  // A list of sizes, or `search`: the smallest that holds, on Cloud Run's grid (memory-search-settings.ts).
  memory: z
    .unknown()
    .transform((value, ctx): "search" | number[] => {
      if (value === "search") return value;
      const parsed = MemoryList.safeParse(value, { reportInput: true });
      if (parsed.success) return parsed.data;
      // The list's own issues (e.g. axes.memory[1]: got "5Mi"), not a union's summary.
      for (const issue of parsed.error.issues)
        ctx.addIssue({
          code: "custom",
          message: issue.message,
          path: issue.path,
          input: issue.input ?? value,
        });
      return z.NEVER;
    })
    .optional(),
  smol: z
    .array(Bool, { error: "expected a list like [false, true]" })
    .min(1, AT_LEAST_ONE)
    .max(MAX_LIST, AT_MOST)
    .superRefine(noDuplicates)
    .optional(),
  concurrency: z
    .array(Concurrency, {
      error: `expected a list like [10, ${CLOUD_RUN_LIMITS.defaultConcurrency}] (Cloud Run --concurrency)`,
    })
    .min(1, AT_LEAST_ONE)
    .max(MAX_LIST, AT_MOST)
    .superRefine(noDuplicates)
    .optional(),
  // ulimit nofile of the measured container (soft = hard): a descriptor limit to size connection storms against.
  nofile: z
    .array(
      z.number({ error: "expected a whole number" }).int("expected a whole number").min(16).max(1_048_576),
      {
        error: "expected a list like [1024, 65536] (ulimit nofile)",
      },
    )
    .min(1, AT_LEAST_ONE)
    .max(MAX_LIST, AT_MOST)
    .superRefine(noDuplicates)
    .optional(),
  // pinned: cores of its own (--cpuset-cpus) plus the quota; shared: the quota alone, on any core (docs/server-mode.md).
  cpuView: z
    .array(CpuViewValue, { error: "expected a list like [pinned, shared]" })
    .min(1, AT_LEAST_ONE)
    .max(MAX_LIST, AT_MOST)
    .superRefine(noDuplicates)
    .optional(),
});

/** A partial cell: exclude drops cells it matches; include adds cells (unset fields expand over the axes). */
export const CellMatcher = strictObject({
  scenario: ScenarioName.optional(),
  cpus: Cpus.optional(),
  memory: MemoryBytes.optional(),
  smol: Bool.optional(),
  concurrency: Concurrency.optional(),
  nofile: z.number({ error: "expected a whole number" }).int("expected a whole number").optional(),
  cpuView: CpuViewValue.optional(),
  flags: z.record(FlagKey, FlagValue, mapping("flag: value")).optional(),
});
export type CellMatcher = z.output<typeof CellMatcher>;

/** Where repetitions run: the local engine, or a Docker Swarm (docs/swarm.md). */
export const ExecutionSettings = strictObject({
  driver: z.enum(["local", "swarm"], { error: "expected local or swarm" }).optional(),
  shareHosts: Bool.optional(),
});

export const bodyShape = {
  build: BuildSettings.optional(),
  image: ImageRef.optional(),
  command: CommandTemplate.optional(),
  defaults: ScenarioDefaults.optional(),
  axes: Axes.optional(),
  scenarios: z
    .record(ScenarioName, ScenarioSettings, mapping("scenario name: settings"))
    .refine(fewEntries, FEW_ENTRIES)
    .optional(),
  include: z
    .array(CellMatcher, { error: "expected a list of cell matchers" })
    .max(MAX_MATCHERS, `expected at most ${MAX_MATCHERS} rules`)
    .optional(),
  exclude: z
    .array(CellMatcher, { error: "expected a list of cell matchers" })
    .max(MAX_MATCHERS, `expected at most ${MAX_MATCHERS} rules`)
    .optional(),
  cloudRun: z.record(z.string(), z.unknown(), mapping("Cloud Run settings")).optional(),
  /** Builds of the workload compared cell by cell (runner/sizing/variants/). */
  variants: VariantsSettings.optional(),
  execution: ExecutionSettings.optional(),
  service: ServiceSettings.optional(),
  /** The smallest memory that holds (runner/config/memory-search-settings.ts). */
  memorySearch: MemorySearchSettings.optional(),
};
export const BODY_KEYS = Object.keys(bodyShape) as Array<keyof typeof bodyShape>;

export const MatrixBody = strictObject(bodyShape);
export type MatrixBody = z.output<typeof MatrixBody>;

/** A problem found after merging, at a path of the merged body. */
export type BodyIssue = { path: PropertyKey[]; message: string; input?: unknown };
