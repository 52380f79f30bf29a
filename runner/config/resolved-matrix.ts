import type { WorkloadDescription } from "../../contract/generator-step.ts";
import type { CpuView } from "../host/core-allocation.ts";
import type { CloudRunSettings } from "./cloud-run-settings.ts";
import type { FlagValue } from "./command-template.ts";
import type { CellMatcher } from "./matrix-body.ts";
import type { ResolvedMemorySearch } from "./memory-search-settings.ts";

/** Where the cells' image comes from: a Docker build (context is absolute) or a prebuilt reference. */
export type ImageSource =
  | { kind: "build"; context: string; dockerfile: string; args: Record<string, string> }
  | { kind: "image"; ref: string };

/** A scenario with every default filled in. */
export type ResolvedScenario = {
  name: string;
  /** Run by this profile; unselected ones can still be picked with --scenario. */
  selected: boolean;
  /** Each flag's values: one value, or several when the flag is an axis. */
  flags: Record<string, FlagValue[]>;
  sloP99Ms: number;
  warmupSeconds: number;
  durationSeconds: number;
  stepSeconds: number;
  repetitions: number;
  maxRepetitions: number;
  timeoutSeconds: number;
  network: boolean;
  env: Record<string, string>;
  /** Command template; null when none applies (a user image without `command`). */
  command: string[] | null;
  /** Why this scenario cannot run under this profile's image; checked when it is selected or picked. */
  problem: string | null;
  /** Server mode: the requests the generator sends (null in scenario mode). */
  load: ServiceLoad | null;
};

/** One HTTP request of a server-mode scenario; several with weights make a mix. */
export type ResolvedRequest = {
  weight: number;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | null;
  /** The statuses that succeed; absent: 200–399. */
  expect?: { status: number[] } | null;
};

/** What a server-mode scenario sends: a weighted request mix, or a workload module (its source). */
export type ServiceLoad = {
  requests: ResolvedRequest[];
  script: string | null;
  scriptPath: string | null;
  /** What the module declares (generator/describe.ts) and where it sits in the generator image. */
  workload?: (WorkloadDescription & { imagePath: string | null }) | null;
  /** search: false: the script runs once for durationSeconds and reports its own figures (no ceiling search). */
  fixed?: boolean;
};

export type ResolvedSidecar = {
  name: string;
  image: ImageSource;
  command: string[] | null;
  env: Record<string, string>;
  readyCommand: string[] | null;
};

/** Server mode: the user's HTTP service, sized from outside its container (its image is the variant's image). */
export type ResolvedService = {
  port: number;
  readyPath: string;
  readyTimeoutSeconds: number;
  concurrencySearch: boolean;
  env: Record<string, string>;
  command: string[] | null;
  sidecars: ResolvedSidecar[];
};

/** One build of the workload (matrix.yaml `variants`): every cell runs once per variant, ids gain `__v-<name>`. */
export type WorkloadVariant = {
  name: string;
  /** Its own image (image, build, or the matrix's build on another Bun); null: the matrix's image. */
  image: ImageSource | null;
  /** The base image is built offline from this version of the npm package `bun`; null: the usual base. */
  bunVersion: string | null;
  /** Replaces every scenario's command for this variant; null: the scenario's. */
  command: string[] | null;
  /** Merged over each scenario's env (the variant wins). */
  env: Record<string, string>;
};

/** One runnable configuration: the file alone, or the file with a profile merged over it. */
/**
 * A variant's axes, resolved: each cell takes one value of each. concurrency: empty in scenario mode (cells get
 * null). nofile: empty unless `axes.nofile` is set (cells get null: Docker's default descriptor limit).
 */
export type VariantAxes = {
  cpus: number[];
  memoryBytes: number[];
  smol: boolean[];
  concurrency: number[];
  nofile?: number[];
  /** Absent or empty: the default view (pinned, core-allocation.ts DEFAULT_CPU_VIEW) only. */
  cpuView?: CpuView[];
};

export type MatrixVariant = {
  profile: string | null;
  image: ImageSource;
  /** The repository's own Dockerfile, which ships the bundled scenarios (config/bundled-scenarios.ts). */
  bundledImage: boolean;
  axes: VariantAxes;
  /** Server mode when set: scenarios are request specs sent to this service. */
  service: ResolvedService | null;
  scenarios: ResolvedScenario[];
  include: CellMatcher[];
  exclude: CellMatcher[];
  cloudRun: CloudRunSettings;
  /** Empty: no variants (cells and ids as without the key). */
  variants: WorkloadVariant[];
  /** Which execution driver runs the cells; shareHosts lets nodes on one physical host measure at once. */
  execution: { driver: "local" | "swarm"; shareHosts: boolean };
  /** `axes.memory: search` or `memorySearch:`; absent or null: none. */
  memorySearch?: ResolvedMemorySearch | null;
};

/** A loaded, fully validated matrix file. */
export type Matrix = {
  path: string;
  defaultProfile: string | null;
  /** The file without a profile; null when defaultProfile is set (then a profile always applies). */
  base: MatrixVariant | null;
  profiles: Record<string, MatrixVariant>;
};
