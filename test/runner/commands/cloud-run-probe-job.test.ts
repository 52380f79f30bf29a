import { expect, test } from "bun:test";
import { cloudRunProbeJobLines } from "../../../runner/calibrate/cloud-run-probe-job.ts";
import { runProbe } from "../../../runner/commands/probe.ts";
import { PROBE_REFERENCE } from "../../../runner/host/host-probe.ts";

const INPUT = {
  localImage: "bun-capacity/host-probe:abc123",
  project: "my-project",
  region: "europe-west1",
  repository: "bench",
};

test("probe --cloud-run --dry-run prints the exact gcloud lines: push, a job per execution environment, its JSON line", () => {
  const lines = cloudRunProbeJobLines(INPUT);
  const remote = "europe-west1-docker.pkg.dev/my-project/bench/host-probe:abc123";
  expect(lines).toContain(`docker push ${remote}`);
  // Built for Cloud Run's architecture whatever this host's, before it is pushed.
  const build = lines.findIndex((l) => l.startsWith("docker build "));
  expect(lines[build]).toBe(
    `docker build --platform linux/amd64 -f runner/host/probe-program/Dockerfile -t ${remote} .`,
  );
  expect(build).toBeLessThan(lines.indexOf(`docker push ${remote}`));
  for (const env of ["gen1", "gen2"]) {
    const deploy = lines.find((l) => l.startsWith(`gcloud run jobs deploy bun-capacity-probe-${env} `));
    expect(deploy).toContain(`--image ${remote}`);
    expect(deploy).toContain(`--execution-environment ${env}`);
    expect(deploy).toContain("--tasks 1 --max-retries 0");
    expect(deploy).toContain("--command bun --args probe.ts,full");
    expect(lines).toContain(
      `gcloud run jobs execute bun-capacity-probe-${env} --project my-project --region europe-west1 --wait`,
    );
    expect(
      lines.some(
        (l) => l.startsWith("gcloud logging read") && l.includes(`job_name="bun-capacity-probe-${env}"`),
      ),
    ).toBe(true);
  }
});

test("a bad project name is a flag error naming it, not a line with it", () => {
  expect(() => cloudRunProbeJobLines({ ...INPUT, project: "My Project; rm -rf /" })).toThrow("project");
});

test("`probe --cloud-run --dry-run` prints those lines without touching Docker", async () => {
  const out: string[] = [];
  const docker = () => {
    throw new Error("Docker was asked for");
  };
  const code = await runProbe(
    [
      "--cloud-run",
      "--dry-run",
      "--project",
      "my-project",
      "--region",
      "europe-west1",
      "--repository",
      "bench",
    ],
    docker,
    { out: (t) => out.push(t), err: (t) => out.push(t), env: {}, exit: () => {} },
  );
  expect(code).toBe(0);
  expect(out.join("\n")).toContain(
    "gcloud run jobs deploy bun-capacity-probe-gen2 --image europe-west1-docker.pkg.dev/my-project/bench/host-probe:HASH",
  );
});

test("`probe --score` scores a line from a Cloud Run job against the reference, without Docker; a bad line exits 2", async () => {
  const noDocker = () => {
    throw new Error("Docker was asked for");
  };
  const run = async (argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (t: string) => out.push(t), err: (t: string) => err.push(t), env: {}, exit: () => {} };
    return { code: await runProbe(argv, noDocker, io), out: out.join("\n"), err: err.join("\n") };
  };
  const ref = PROBE_REFERENCE.opsPerSec.full;
  // Every part at half the reference: the composite is 0.5.
  const line = JSON.stringify({
    form: "full",
    integer: ref.integer / 2,
    allocation: ref.allocation / 2,
    json: ref.json / 2,
    http: ref.http / 2,
    bunVersion: "1.4.5",
    elapsedMs: 4000,
  });
  const scored = await run(["--score", line, "--json"]);
  expect(scored.code).toBe(0);
  expect(JSON.parse(scored.out).composite).toBeCloseTo(0.5, 6);
  const bad = await run(["--score", '{"form":"full"}']);
  expect(bad.code).toBe(2);
  expect(bad.err).toContain("--score");
  expect(bad.err).not.toContain("    at ");
});
