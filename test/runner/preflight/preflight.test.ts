import { describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { flagValueProblem, readScenarioFlagSchemas } from "../../../runner/preflight/check-flags.ts";
import { imageSourceIssues } from "../../../runner/preflight/check-image-source.ts";
import { checkOutputDir } from "../../../runner/preflight/check-output-dir.ts";

const dir = mkdtempSync(join(tmpdir(), "preflight-"));
const file = join(dir, "a-file");
writeFileSync(file, "x");
writeFileSync(join(dir, "Dockerfile"), "FROM scratch\n");

describe("preflight", () => {
  test("a build's context and Dockerfile must exist", async () => {
    expect(
      await imageSourceIssues({ kind: "build", context: dir, dockerfile: "Dockerfile", args: {} }),
    ).toEqual([]);
    const missing = await imageSourceIssues({
      kind: "build",
      context: join(dir, "nope"),
      dockerfile: "Dockerfile",
      args: {},
    });
    expect(missing[0]?.path).toBe("build.context");
    const noFile = await imageSourceIssues({ kind: "build", context: dir, dockerfile: "Nope", args: {} });
    expect(noFile[0]?.path).toBe("build.dockerfile");
  });
  test.each(["myapp:1.2", "registry.example.com:5000/team/app", `app@sha256:${"a".repeat(64)}`])(
    "image %p is valid",
    async (ref) => {
      expect(await imageSourceIssues({ kind: "image", ref })).toEqual([]);
    },
  );
  test.each(["MyApp:1", "app:", "app::1", "-app", "app@sha256:short"])("image %p is not", async (ref) => {
    expect((await imageSourceIssues({ kind: "image", ref }))[0]?.path).toBe("image");
  });
  test("the output directory: a file or a path under a file is refused; a new dir under a writable one is fine", async () => {
    await expect(checkOutputDir(file)).rejects.toThrow("is a file");
    await expect(checkOutputDir(join(file, "sub"))).rejects.toThrow("is a file");
    await expect(checkOutputDir(join(dir, "new", "deeper"))).resolves.toBeUndefined();
  });
  test("the output directory: one nothing can be created in is refused, and the check leaves nothing behind", async () => {
    // /proc lets root pass an access(W_OK) check, yet no directory can be made in it.
    await expect(checkOutputDir("/proc/bun-capacity-results")).rejects.toThrow("/proc is not writable");
    await expect(checkOutputDir(dir)).resolves.toBeUndefined();
    expect(readdirSync(dir).filter((name) => name.startsWith(".bun-capacity"))).toEqual([]);
  });
  test("bundled scenario flags against the schema the harness publishes (scenarios/flags.schema.json)", () => {
    const schemas = readScenarioFlagSchemas();
    const publishers = schemas?.throughput?.properties.publishers;
    expect(publishers).toBeDefined();
    if (!publishers) return;
    expect(flagValueProblem(4, publishers)).toBeNull();
    expect(flagValueProblem(0, publishers)).toContain("at least 1");
    expect(flagValueProblem("0x10", publishers)).toContain("plain decimal");
    expect(flagValueProblem(1.5, publishers)).toContain("whole");
  });
});
