import { afterAll, expect, test } from "bun:test";
import { join } from "node:path";

const PROGRAM = join(import.meta.dir, "../../generator/ready-paths.ts");
const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  routes: { "/health": new Response("ok"), "/moved": Response.redirect("/health", 302) },
  fetch: () => new Response("no", { status: 404 }),
});
afterAll(() => server.stop(true));

async function readyPaths(args: string[]): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  const proc = Bun.spawn(["bun", PROGRAM, ...args], { stdout: "pipe", stderr: "pipe" });
  const [exitCode, stdout, stderr] = await Promise.all([
    proc.exited,
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
  ]);
  return { exitCode, stdout, stderr };
}

test("GETs each path once on 127.0.0.1 and prints their statuses (a redirect is not followed)", async () => {
  const run = await readyPaths([String(server.port), "5000", "/health", "/", "/moved"]);
  expect(run.exitCode).toBe(0);
  expect(JSON.parse(run.stdout)).toEqual({
    bcReadyPaths: [
      { path: "/health", status: 200 },
      { path: "/", status: 404 },
      { path: "/moved", status: 302 },
    ],
    listening: true,
  });
});

test("nothing listening: gives up at its deadline and says so", async () => {
  const closed = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("") });
  const port = closed.port;
  await closed.stop(true);
  const started = performance.now();
  const run = await readyPaths([String(port), "400", "/health"]);
  expect(performance.now() - started).toBeLessThan(5000);
  expect(JSON.parse(run.stdout)).toEqual({
    bcReadyPaths: [{ path: "/health", status: null }],
    listening: false,
  });
});

test("bad arguments: exit 2 with the usage", async () => {
  const run = await readyPaths(["0", "100", "health"]);
  expect(run.exitCode).toBe(2);
  expect(run.stderr).toContain("usage: bun generator/ready-paths.ts");
});
