import { join } from "node:path";
import { parseResult } from "../contract/parse-result.ts";
import type { BenchResult } from "../contract/result.ts";

const IMAGE_REPOSITORY = "bun-capacity/bench";
const REPO_ROOT = join(import.meta.dir, "..");
/** The working tree's code is mounted over the image's copy, so a bench measures this checkout even if the image is older. */
const SOURCE_MOUNTS = ["contract", "engine", "search", "scenarios"].flatMap((dir) => [
  "-v",
  `${join(REPO_ROOT, dir)}:/app/${dir}:ro`,
]);

export interface BenchTarget {
  /** Docker image tag; null runs on the host (figures not comparable to a limited container). */
  image: string | null;
  cpus: string;
  memory: string;
  label: string;
  /** Docker --cpuset-cpus: pin the container to these host cores. */
  cpuset?: string;
}

/** The newest local bun-capacity/bench image, or null when Docker or the image is missing. */
export function findBenchImage(): string | null {
  const proc = Bun.spawnSync(["docker", "images", IMAGE_REPOSITORY, "--format", "{{.Repository}}:{{.Tag}}"]);
  if (proc.exitCode !== 0) return null;
  const tags = proc.stdout.toString().split("\n");
  return tags.find((line) => line.trim() !== "" && !line.endsWith(":<none>")) ?? null;
}

/** The image a bench was given, else the newest bench image; without one the bench exits 1 saying how to get it. */
export function requireBenchImage(bench: string, given: string | undefined): string {
  const image = given ?? findBenchImage();
  if (image !== null) return image;
  console.error(
    `${bench}: no bun-capacity/bench image; build one with bun runner/matrix.ts or pass --image=<tag>`,
  );
  process.exit(1);
}

/** Runs one scenario in the bench image under --cpus/--memory (or on the host) and parses its result line. */
export async function runInBenchImage(
  scenario: string,
  args: string[],
  target: BenchTarget,
): Promise<{ result: BenchResult; stderr: string }> {
  const scenarioArgs = [`scenarios/${scenario}.ts`, ...args];
  const command = target.image
    ? [
        "docker",
        "run",
        "--rm",
        "--label",
        target.label,
        `--cpus=${target.cpus}`,
        `--memory=${target.memory}`,
        "--network=none",
        ...(target.cpuset === undefined ? [] : [`--cpuset-cpus=${target.cpuset}`]),
        ...SOURCE_MOUNTS,
        target.image,
        ...scenarioArgs,
      ]
    : ["bun", join(REPO_ROOT, scenarioArgs[0] as string), ...scenarioArgs.slice(1)];
  const proc = Bun.spawn(command, { stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  if (exitCode !== 0) throw new Error(`${command.join(" ")} exited ${exitCode}:\n${stderr.slice(-2000)}`);
  return { result: parseResult(stdout), stderr };
}
