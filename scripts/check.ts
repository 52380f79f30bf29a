import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// The one check, run the same way locally and in CI: strict type check, lint/format, then every test.
const steps: Array<[string, string[]]> = [
  ["type check", ["bunx", "tsc", "--noEmit", "-p", "."]],
  ["lint and format", ["bunx", "biome", "check", "."]],
];

for (const [name, cmd] of steps) {
  console.error(`[check] ${name}: ${cmd.join(" ")}`);
  const proc = Bun.spawnSync(cmd, { stdout: "inherit", stderr: "inherit" });
  if (proc.exitCode !== 0) {
    console.error(`[check] ${name} failed`);
    process.exit(1);
  }
}

const testArgs = process.argv.slice(2);
console.error(`[check] tests: bun test ${testArgs.join(" ")}`);
// Tests get a temp root of their own, removed afterwards, so no run leaves files behind in /tmp.
const testTmp = mkdtempSync(join(tmpdir(), "bun-capacity-check-"));
const proc = Bun.spawn(["bun", "test", ...testArgs], {
  stdout: "inherit",
  stderr: "pipe",
  env: { ...process.env, TMPDIR: testTmp },
});
let summary = "";
const decoder = new TextDecoder();
const reader = proc.stderr.getReader();
for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
  const text = decoder.decode(chunk.value, { stream: true });
  process.stderr.write(text);
  summary += text;
}
const exitCode = await proc.exited;
rmSync(testTmp, { recursive: true, force: true });
const count = (word: string) => Number(summary.match(new RegExp(`^\\s*(\\d+) ${word}$`, "m"))?.[1] ?? 0);
const passed = count("pass");
const failed = count("fail");
// The plain closing line CI reads; a run that executed no test fails.
console.log(`${passed} passed, ${failed} failed`);
if (exitCode !== 0 || failed > 0 || passed === 0) process.exit(1);
