import { expect, test } from "bun:test";
import { runBun } from "./run-generator.ts";

test("readiness waits through 503s and prints the epoch ms of the first 2xx", async () => {
  const readyAtMs = Date.now() + 300;
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: () => new Response("", { status: Date.now() < readyAtMs ? 503 : 200 }),
  });
  try {
    const { exitCode, stdout } = await runBun("generator/readiness.ts", [
      `http://127.0.0.1:${server.port}/`,
      "5000",
    ]);
    expect(exitCode).toBe(0);
    const printed = Number(stdout.trim());
    expect(printed).toBeGreaterThanOrEqual(readyAtMs);
    expect(printed).toBeLessThan(readyAtMs + 200);
  } finally {
    server.stop(true);
  }
});

test("no 2xx by the deadline: a clear line on stderr, exit 1", async () => {
  const closed = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("") });
  const url = `http://127.0.0.1:${closed.port}/`;
  closed.stop(true);
  const begun = Date.now();
  const { exitCode, stdout, stderr } = await runBun("generator/readiness.ts", [url, "300"]);
  expect(exitCode).toBe(1);
  expect(stdout).toBe("");
  expect(stderr).toContain("gave no 2xx within 300 ms");
  expect(Date.now() - begun).toBeLessThan(3000);
});
