import { expect, test } from "bun:test";
import { join } from "node:path";

const MAIN = join(import.meta.dir, "../../service/main.ts");

/** Reads stdout until a line matches, returning it. */
async function lineMatching(stream: ReadableStream<Uint8Array>, pattern: RegExp): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  const reader = stream.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    text += decoder.decode(chunk.value, { stream: true });
    const line = text.split("\n").find((l) => pattern.test(l));
    if (line !== undefined) {
      reader.releaseLock();
      return line;
    }
  }
  throw new Error(`stream ended without ${pattern}: ${text}`);
}

test("bun service/main.ts serves, then on SIGTERM closes subscriber sockets and exits 0", async () => {
  const proc = Bun.spawn(["bun", MAIN], {
    env: { ...process.env, HOST: "127.0.0.1", PORT: "0", PUBSUB_AUTO_CREATE: "true" },
    stdout: "pipe",
    stderr: "pipe",
  });
  try {
    const listening = await lineMatching(proc.stdout, /listening on/);
    const port = Number(listening.match(/:(\d+) /)?.[1]);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    const socket = new WebSocket(`ws://127.0.0.1:${port}/subscriptions/s?topic=t`);
    await new Promise((resolve) => socket.addEventListener("open", resolve));
    const closed = new Promise<number>((resolve) => socket.addEventListener("close", (e) => resolve(e.code)));
    proc.kill("SIGTERM");
    expect(await closed).toBe(1001);
    expect(await proc.exited).toBe(0);
  } finally {
    proc.kill();
  }
});

test("a bad environment exits 2 with a message naming the variable, no stack trace", async () => {
  const proc = Bun.spawn(["bun", MAIN], {
    env: { ...process.env, PORT: "http", PUBSUB_MAX_OUTSTANDING_MESSAGES: "-1" },
    stdout: "pipe",
    stderr: "pipe",
  });
  expect(await proc.exited).toBe(2);
  const stderr = await new Response(proc.stderr).text();
  expect(stderr).toContain('PORT="http"');
  expect(stderr).toContain("PUBSUB_MAX_OUTSTANDING_MESSAGES");
  expect(stderr).not.toMatch(/\n\s+at /);
});
