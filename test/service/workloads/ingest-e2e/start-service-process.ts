import { join } from "node:path";

const MAIN = join(import.meta.dir, "../../../../service/main.ts");
const READY_WITHIN_MS = 10_000;

export interface ServiceProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  pid: number;
  /** What GET /healthz advertises: the protocol and port publishing is on. */
  publish: { protocol: string; port: number };
  stop(): Promise<void>;
}

/**
 * The bundled service as its own process (`bun service/main.ts`) on a free port of 127.0.0.1, its publish
 * listener on another (PUBSUB_H2_PORT / PUBSUB_GRPC_PORT 0); ready when GET /healthz answers 200. `core`: pinned
 * to that core (taskset), e.g. to measure its CPU apart from the generator's.
 */
export async function startServiceProcess(
  env: Record<string, string> = {},
  core?: number,
): Promise<ServiceProcess> {
  const pin = core === undefined ? [] : ["taskset", "-c", String(core)];
  const proc = Bun.spawn([...pin, "bun", MAIN], {
    env: { ...process.env, HOST: "127.0.0.1", PORT: "0", PUBSUB_H2_PORT: "0", PUBSUB_GRPC_PORT: "0", ...env },
    stdout: "pipe",
    stderr: "inherit",
  });
  const stop = async () => {
    proc.kill("SIGTERM");
    await Promise.race([proc.exited, Bun.sleep(5000)]);
    proc.kill("SIGKILL");
  };
  try {
    const port = await listeningPort(proc.stdout);
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + READY_WITHIN_MS;
    for (;;) {
      const health = await fetch(`${url}/healthz`).catch(() => null);
      if (health?.status === 200)
        return { url, port, pid: proc.pid, publish: (await health.json()).publish, stop };
      if (Date.now() > deadline)
        throw new Error(`the service on ${url} was not ready in ${READY_WITHIN_MS} ms`);
      await Bun.sleep(50);
    }
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The port from the service's "listening on 127.0.0.1:<port>" line; the rest of its stdout is drained. */
async function listeningPort(stdout: ReadableStream<Uint8Array>): Promise<number> {
  const decoder = new TextDecoder();
  const reader = stdout.getReader();
  let text = "";
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    text += decoder.decode(chunk.value, { stream: true });
    const port = /listening on [\d.]+:(\d+) /.exec(text)?.[1];
    if (port !== undefined) {
      void (async () => {
        while (!(await reader.read()).done);
      })();
      return Number(port);
    }
  }
  throw new Error(`the service exited before listening: ${text}`);
}
