import type { DockerApi } from "../docker/docker-api.ts";
import type { ExecutionDriver } from "../drivers/execution-driver.ts";
import { type BenchImage, ensureImage } from "../image/bench-image.ts";
import { ensureLoadGenerator } from "../load/ensure-load-generator.ts";
import { isInstalledTool, PACKAGE_ROOT } from "../package/tool-home.ts";
import { bindImage, type Plan } from "../plan/plan.ts";
import { collectRunEnvironment, type RunEnvironment, type RunImage } from "../results/run-record.ts";
import { prepareVariantImages } from "./prepare-variant-images.ts";
import { prepareServerImages } from "./server/prepare-server-images.ts";

export interface PreparedRun {
  plan: Plan;
  image: RunImage;
  environment: RunEnvironment;
}

export interface PrepareOptions {
  /** Removes what dead runs left behind. */
  driver: ExecutionDriver;
  env?: Record<string, string | undefined>;
  log: (line: string) => void;
  /** On resume: the image the run started with, reused while it still exists. */
  previousImage?: RunImage | null;
}

/** Before any cell: the engine answers, orphans of dead runs are gone, the image exists; the plan gets its ref. */
export async function prepareRun(
  docker: DockerApi,
  plan: Plan,
  options: PrepareOptions,
): Promise<PreparedRun> {
  await docker.ping();
  const orphans = await options.driver.removeOrphans();
  if (orphans > 0) options.log(`removed ${orphans} container(s) left by runs that are gone`);
  const image = await reuseOrEnsure(docker, plan, options);
  // The code under test: the clone's, or as the installed tool the user's repository (the working directory).
  const environment = await collectRunEnvironment(docker, isInstalledTool() ? process.cwd() : PACKAGE_ROOT);
  const ensureGenerator = () => ensureLoadGenerator(docker, options);
  const withVariants = await prepareVariantImages(docker, bindImage(plan, image.ref), {
    env: options.env,
    log: options.log,
  });
  const bound = await prepareServerImages(docker, withVariants, {
    ...options,
    ensureGenerator,
  });
  return { plan: bound, image, environment };
}

async function reuseOrEnsure(docker: DockerApi, plan: Plan, options: PrepareOptions): Promise<RunImage> {
  const previous = options.previousImage;
  if (previous && (await docker.inspectImage(previous.ref))) {
    options.log(`resuming with the run's image ${previous.ref}`);
    return previous;
  }
  const built = toRunImage(await ensureImage(docker, plan.image, { env: options.env, log: options.log }));
  if (previous && previous.ref !== built.ref) {
    options.log(`warning: the run's image ${previous.ref} is gone; the remaining cells use ${built.ref}`);
  }
  return built;
}

function toRunImage(image: BenchImage): RunImage {
  return {
    ref: image.ref,
    id: image.id,
    inputsHash: image.inputsHash,
    baseRef: image.base?.ref ?? null,
    baseSource: image.base?.source ?? null,
    built: image.built,
    buildSeconds: image.buildSeconds,
  };
}
