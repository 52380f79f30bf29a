import { z } from "zod";
import { FlagError } from "../cli/flags.ts";

/** The job's name per execution environment; one task, no retries, the probe's full form. */
const JOB_PREFIX = "bun-capacity-probe";
const ENVIRONMENTS = ["gen1", "gen2"] as const;
/** gen1 runs below 512 MiB too, but one size for both keeps their figures comparable. */
const JOB_CPU = 1;
const JOB_MEMORY = "512Mi";
/** The probe program's path and argument in its image (runner/host/probe-program/Dockerfile: /app/probe.ts). */
const PROBE_COMMAND = { command: "bun", args: "probe.ts,full" } as const;
/** Cloud Run runs linux/amd64 only: the pushed image is built for it whatever this host's architecture. */
const CLOUD_RUN_PLATFORM = "linux/amd64";
/** The probe program's Dockerfile, from the repository root (the same one the local image is built from). */
const PROBE_DOCKERFILE = "runner/host/probe-program/Dockerfile";

const Name = z.string().regex(/^[a-z][a-z0-9-]{0,61}[a-z0-9]$/, "expected a lower-case name like my-project");
/** What `probe --cloud-run` needs to print its gcloud lines. */
export const ProbeJobInput = z
  .object({
    localImage: z
      .string()
      .min(1)
      .describe("the probe image built here (runner/host: bun-capacity/host-probe:<hash>)"),
    project: Name,
    region: Name,
    repository: Name.describe("an Artifact Registry Docker repository in that region"),
  })
  .strict();
export type ProbeJobInput = z.infer<typeof ProbeJobInput>;

/** The probe image's name in Artifact Registry, tagged as here (its inputs hash), so each push is that build. */
export function remoteProbeImage(input: ProbeJobInput): string {
  const tag = input.localImage.includes(":") ? input.localImage.split(":").at(-1) : "latest";
  return `${input.region}-docker.pkg.dev/${input.project}/${input.repository}/host-probe:${tag}`;
}

/**
 * The exact lines to run the host probe on Cloud Run: push the image, deploy it as a job in gen1 and gen2, run each
 * once and read its one JSON line from the job's logs. `probe --cloud-run` prints them (--dry-run: prints only);
 * the composite goes into matrix.yaml as cloudRun.targetProbe.
 */
export function cloudRunProbeJobLines(raw: ProbeJobInput): string[] {
  const parsed = ProbeJobInput.safeParse(raw);
  if (!parsed.success)
    throw new FlagError("--cloud-run", `probe --cloud-run: ${z.prettifyError(parsed.error)}`, {
      command: "probe",
    });
  const input = parsed.data;
  const remote = remoteProbeImage(input);
  const at = `--project ${input.project} --region ${input.region}`;
  const lines = [
    `# 1. from the repository root, build the probe image for Cloud Run's ${CLOUD_RUN_PLATFORM} (the local ${input.localImage} is this host's architecture) and push it`,
    `gcloud auth configure-docker ${input.region}-docker.pkg.dev`,
    `docker build --platform ${CLOUD_RUN_PLATFORM} -f ${PROBE_DOCKERFILE} -t ${remote} .`,
    `docker push ${remote}`,
  ];
  for (const environment of ENVIRONMENTS) {
    const job = `${JOB_PREFIX}-${environment}`;
    lines.push(
      `# ${environment}: deploy the probe as a one-task job, run it once, read its one JSON line`,
      `gcloud run jobs deploy ${job} --image ${remote} ${at} --execution-environment ${environment} --cpu ${JOB_CPU} --memory ${JOB_MEMORY} --tasks 1 --max-retries 0 --task-timeout 120s --command ${PROBE_COMMAND.command} --args ${PROBE_COMMAND.args}`,
      `gcloud run jobs execute ${job} ${at} --wait`,
      `gcloud logging read 'resource.type="cloud_run_job" AND resource.labels.job_name="${job}" AND textPayload:"{"' --project ${input.project} --freshness 1h --limit 1 --format 'value(textPayload)'`,
    );
  }
  lines.push(
    "# score each JSON line against the reference: bun runner/matrix.ts probe --score '<the line>' prints its composite; put",
    "# its composite into matrix.yaml: cloudRun: { targetProbe: { composite: <composite>, executionEnvironment: gen2 } }",
    `# then delete the jobs: gcloud run jobs delete ${JOB_PREFIX}-gen1 ${at} --quiet; gcloud run jobs delete ${JOB_PREFIX}-gen2 ${at} --quiet`,
  );
  return lines;
}
