// Debian's wrk as a reference client, shared by the benches that compare against it: a service container with no
// network but loopback, on cores of its own, and wrk closed-loop in its network namespace on another core.
import { execa } from "execa";

export const PORT = 8080;
export const DOCKER_SLACK_MS = 30_000;

export const run = (args: string[], timeoutMs: number) =>
  execa(args[0] ?? "", args.slice(1), { timeout: timeoutMs, reject: false });

/** Exits 2 with how to install it when wrk is missing. */
export function requireWrk(): void {
  if (Bun.which("wrk")) return;
  console.error("wrk is not installed: apt-get install -y wrk (Debian's package), then run this again");
  process.exit(2);
}

export interface PinnedService {
  image: string;
  cmd: string[];
  env: Record<string, string>;
  cpus: number;
  /** --cpuset-cpus of the service, e.g. "1". */
  cores: string;
  label: string;
  /** The generator image: its readiness script polls /health in the service's namespace. */
  generatorImage: string;
}

/** Starts the service under --cpus and --cpuset-cpus, network none; its id once /health answers. */
export async function startPinnedService(service: PinnedService): Promise<string> {
  const env = Object.entries(service.env).flatMap(([key, value]) => ["-e", `${key}=${value}`]);
  const started = await run(
    ["docker", "run", "-d", "--label", service.label, "--network", "none"]
      .concat(["--cpus", String(service.cpus), "--cpuset-cpus", service.cores], env)
      .concat([service.image, ...service.cmd]),
    DOCKER_SLACK_MS,
  );
  if (started.exitCode !== 0) throw new Error(`the service did not start: ${started.stderr}`);
  const id = started.stdout.trim();
  const ready = await run(
    [
      "docker",
      "run",
      "--rm",
      "--network",
      `container:${id}`,
      "--label",
      service.label,
      service.generatorImage,
    ].concat(["bun", "/app/generator/readiness.ts", `http://127.0.0.1:${PORT}/health`, "15000"]),
    DOCKER_SLACK_MS,
  );
  if (ready.exitCode !== 0) {
    await removeService(id);
    throw new Error(`the service never answered: ${ready.stderr}`);
  }
  return id;
}

export async function removeService(id: string): Promise<void> {
  await run(["docker", "rm", "-f", id], DOCKER_SLACK_MS);
}

/** wrk closed loop, one thread, `connections` open, pinned to `core`, inside the service's network namespace. */
export async function wrkRate(
  id: string,
  options: { connections: number; core: string; path: string; seconds: number },
): Promise<number> {
  const pid = (await run(["docker", "inspect", "-f", "{{.State.Pid}}", id], DOCKER_SLACK_MS)).stdout.trim();
  const result = await run(
    ["nsenter", "-t", pid, "-n", "taskset", "-c", options.core, "wrk", "-t1"]
      .concat([`-c${options.connections}`, `-d${options.seconds}s`])
      .concat([`http://127.0.0.1:${PORT}${options.path}`]),
    options.seconds * 1000 + DOCKER_SLACK_MS,
  );
  const rate = Number(/Requests\/sec:\s*([\d.]+)/.exec(result.stdout)?.[1]);
  if (!Number.isFinite(rate)) throw new Error(`wrk printed no rate: ${result.stdout} ${result.stderr}`);
  return rate;
}
