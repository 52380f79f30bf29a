import { z } from "zod";
import type { ContainerSpec, DockerApi } from "../docker/docker-api.ts";
import { CONTAINER_USER } from "../execute/execute-defaults.ts";
import { ensureImage } from "../image/bench-image.ts";
import { ensureGeneratorImage } from "../image/generator-image.ts";
import { IMAGE_APP_DIR } from "../load/bun-generator/bun-load-generator.ts";
import { startLoopbackPod } from "../load/generator-capacity/loopback-pod.ts";
import { MIB } from "../units/units.ts";

/** How long the service may take to answer at all (as readyTimeoutSeconds' default), plus one GET per path. */
export const INIT_READY_TIMEOUT_MS = 30_000;
const MEMBER_SLACK_MS = 15_000;
const SERVICE_MEMORY_BYTES = 512 * MIB;

const Answers = z.object({
  bcReadyPaths: z.array(z.object({ path: z.string(), status: z.number().int().nullable() })),
  listening: z.boolean(),
});
export type ReadyAnswers = z.infer<typeof Answers>;

/** The image could not be built or run, or its answers could not be read: `init` says so and writes no file. */
export class ReadyCheckError extends Error {
  override readonly name = "ReadyCheckError";
}

export interface ReadyCheckInput {
  context: string;
  dockerfile: string;
  port: number;
  paths: string[];
  log: (line: string) => void;
  env?: Record<string, string | undefined>;
}

/**
 * Builds the user's image, runs it as a cell would (one vCPU, 512 MiB, uid 1000, read-only root, loopback only) and
 * from the generator's image in its network namespace GETs each candidate path on 127.0.0.1, bounded in time.
 */
export async function checkReadyPaths(docker: DockerApi, input: ReadyCheckInput): Promise<ReadyAnswers> {
  await docker.ping();
  const image = await ensureImage(
    docker,
    { kind: "build", context: input.context, dockerfile: input.dockerfile, args: {} },
    { env: input.env, log: input.log },
  );
  const generator = await ensureGeneratorImage(docker, { env: input.env, log: input.log });
  const pod = await startLoopbackPod(docker, serviceSpec(image.ref, input.port), `init-${process.pid}`);
  try {
    const run = await pod.run(
      {
        image: generator.ref,
        cmd: [
          "bun",
          `${IMAGE_APP_DIR}/generator/ready-paths.ts`,
          String(input.port),
          String(INIT_READY_TIMEOUT_MS),
          ...input.paths,
        ],
        env: {},
        labels: { "bun-capacity.role": "init-ready-paths" },
      },
      INIT_READY_TIMEOUT_MS + MEMBER_SLACK_MS,
    );
    const line = run.stdout.trim().split("\n").at(-1) ?? "";
    let json: unknown = null;
    try {
      json = JSON.parse(line);
    } catch {
      // read below as unparsable
    }
    const parsed = Answers.safeParse(json);
    if (run.timedOut || !parsed.success)
      throw new ReadyCheckError(
        `the path check in the service's network namespace gave no answer list (${run.timedOut ? "timed out" : `exit ${run.exitCode}`}: ${run.stderr.trim().slice(-300) || line.slice(0, 200) || "no output"})`,
      );
    if (!parsed.data.listening) {
      const logs = await docker.containerLogs(pod.serviceId).catch(() => ({ stdout: "", stderr: "" }));
      const tail = `${logs.stdout}\n${logs.stderr}`.trim().split("\n").slice(-5).join(" | ");
      throw new ReadyCheckError(
        `the image ${image.ref} did not answer on 127.0.0.1:${input.port} within ${INIT_READY_TIMEOUT_MS / 1000} s (its output: ${tail || "none"})`,
      );
    }
    return parsed.data;
  } finally {
    await pod.close();
  }
}

function serviceSpec(image: string, port: number): ContainerSpec {
  return {
    image,
    cmd: [],
    env: { PORT: String(port) },
    labels: { "bun-capacity.role": "init-service" },
    user: CONTAINER_USER,
    nanoCpus: 1e9,
    memoryBytes: SERVICE_MEMORY_BYTES,
    memorySwapBytes: SERVICE_MEMORY_BYTES,
    readonlyRootfs: true,
    tmpfs: { "/tmp": "rw,nosuid,nodev,size=64m" },
    capDrop: ["ALL"],
    securityOpt: ["no-new-privileges"],
    pidsLimit: 512,
    networkMode: "none",
  };
}
