import { z } from "zod";
import { cloudRunProbeJobLines } from "../calibrate/cloud-run-probe-job.ts";
import { defineCommand } from "../cli/command.ts";
import { runShell, type ShellIo } from "../cli/command-shell.ts";
import { EXIT } from "../cli/exit-codes.ts";
import { booleanFlag, FlagError, valueFlag } from "../cli/flags.ts";
import type { DockerApi } from "../docker/docker-api.ts";
import { createDockerClient } from "../docker/docker-client.ts";
import { ensureProbeImage, PROBE_IMAGE_REPO, runHostProbe } from "../execute/run-host-probe.ts";
import { probeTable, RawProbe, scoreProbe } from "../host/host-probe.ts";

const USAGE = `Usage: bun runner/matrix.ts probe [--json] [--short]
       bun runner/matrix.ts probe --cloud-run [--dry-run] [--project P --region R --repository A]
       bun runner/matrix.ts probe --score '<the probe's JSON line>' [--json]

Measures this host's speed: four single-thread Bun measurements (an integer loop, allocation and GC of short-lived
objects, JSON parse and stringify of a 1 KB document, HTTP/1.1 round trips over loopback to a Bun.serve) in a
container pinned to core 0, each relative to the reference host, and their geometric mean (the composite). Runs
print it at start and end; check --baseline and compare use it across hosts. The full form takes about 5 s.
--cloud-run builds the probe image and prints the gcloud lines to run it as a Cloud Run job in gen1 and gen2
(docs/calibrate.md); --dry-run prints them without building. --score scores a line the probe printed elsewhere (such
as that job's log) against the reference, without Docker: its composite is what cloudRun.targetProbe takes.`;

const gcloudName = (what: string, example: string) =>
  valueFlag(z.string().min(1).max(63), {
    help: `--cloud-run: the ${what}`,
    value: what.toUpperCase().split(" ").at(-1) ?? "NAME",
    example,
  });

const PROBE_FLAGS = z.strictObject({
  json: booleanFlag("print exactly one JSON line (the HostProbe schema of contract/host-probe.ts)"),
  short: booleanFlag("the short form (about 1.5 s), as runs take between repetitions"),
  "cloud-run": booleanFlag("print the gcloud lines that run the probe as a Cloud Run job (gen1 and gen2)"),
  "dry-run": booleanFlag("with --cloud-run: print the lines without building the probe image"),
  project: gcloudName("Google Cloud project", "--project my-project"),
  region: gcloudName("Cloud Run region", "--region europe-west1"),
  repository: gcloudName("Artifact Registry repository", "--repository bench"),
  score: valueFlag(z.string().min(1), {
    help: "score the probe's raw JSON line from another machine (a Cloud Run job's log) instead of measuring here",
    value: "LINE",
    example: `--score '{"form":"full","integer":2.9e8,...}'`,
  }),
});

/** The raw line a probe printed elsewhere, scored as this host's probe is: a bad line names the flag and why. */
function scoreLine(line: string) {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (error) {
    throw new FlagError("--score", `--score ${JSON.stringify(line.slice(0, 80))} is not a JSON line`, {
      cause: error,
      command: "probe",
    });
  }
  const raw = RawProbe.safeParse(json);
  if (!raw.success)
    throw new FlagError("--score", `--score is not the probe's line: ${z.prettifyError(raw.error)}`, {
      command: "probe",
    });
  return scoreProbe(raw.data, { takenAt: new Date().toISOString(), cpuModel: null, core: null });
}

/** `probe`: build the probe image if needed -> run it once -> print the table or one JSON line. */
export function makeProbeCommand(docker: () => DockerApi = createDockerClient) {
  return defineCommand({
    name: "probe",
    usage: USAGE,
    flags: PROBE_FLAGS,
    positionals: { min: 0, max: 0, names: "no arguments (only flags)" },
    run: async ({ flags }, context) => {
      if (flags.score !== undefined) {
        const probe = scoreLine(flags.score);
        context.out(flags.json ? JSON.stringify(probe) : probeTable(probe));
        return EXIT.ok;
      }
      if (flags["cloud-run"]) {
        const localImage = flags["dry-run"]
          ? `${PROBE_IMAGE_REPO}:HASH`
          : await ensureProbeImage(docker(), { env: context.env });
        const lines = cloudRunProbeJobLines({
          localImage,
          project: flags.project ?? "my-project",
          region: flags.region ?? "europe-west1",
          repository: flags.repository ?? "bun-capacity",
        });
        context.out(lines.join("\n"));
        return EXIT.ok;
      }
      const client = docker();
      await client.ping();
      const log = flags.json ? () => undefined : (line: string) => context.err(`[probe] ${line}`);
      const probe = await runHostProbe(client, {
        form: flags.short ? "short" : "full",
        log,
        env: context.env,
      });
      context.out(flags.json ? JSON.stringify(probe) : probeTable(probe));
      return EXIT.ok;
    },
  });
}

export const probeCommand = makeProbeCommand();

/** `probe` alone with an injected Docker client, for tests. */
export function runProbe(argv: string[], docker: () => DockerApi, io: ShellIo = {}) {
  return runShell([makeProbeCommand(docker)], argv, io);
}
