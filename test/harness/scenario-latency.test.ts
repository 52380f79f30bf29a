import { expect, test } from "bun:test";
import { join } from "node:path";

test("a plug-in reporting the wrong latency kind exits non-zero naming itself and both kinds", async () => {
  const fixture = join(import.meta.dir, "./fixtures/wrong-scenario-latency.ts");
  const proc = Bun.spawn(["bun", fixture, "--warmup-s=0", "--rates=200", "--duration-s=0.2"], {
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  expect(exitCode).not.toBe(0);
  expect(stdout).toBe("");
  expect(stderr).toContain("wrong-scenario-latency failed");
  expect(stderr).toContain('declares latency "endToEnd"');
  expect(stderr).toContain("delivered(");
  expect(stderr).not.toContain("FAIL");
});
