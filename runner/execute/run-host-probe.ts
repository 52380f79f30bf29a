import { cpus } from "node:os";
import type { HostProbe } from "../../contract/host-probe.ts";
import type { ContainerSpec, DockerApi } from "../docker/docker-api.ts";
import { HostProbeError, PROBE_CORE, type ProbeForm, RawProbe, scoreProbe } from "../host/host-probe.ts";
import { ensureImage } from "../image/bench-image.ts";
import { PACKAGE_ROOT } from "../package/tool-home.ts";

export const PROBE_IMAGE_REPO = "bun-capacity/host-probe";
const PROBE_DOCKERFILE = "runner/host/probe-program/Dockerfile";
const PROBE_CONTEXT_ENTRIES = ["runner/host/probe-program"];
/** Far above each form's own time (≈4 s full, ≈1.2 s short): a wedged probe must not stall a run. */
const TIMEOUT_MS: Record<ProbeForm, number> = { full: 20_000, short: 8_000 };
const PROBE_MEMORY_BYTES = 512 * 1024 * 1024;

export interface HostProbeOptions {
  form: ProbeForm;
  log?: (line: string) => void;
  env?: Record<string, string | undefined>;
  /** The probe image, when the caller built it already (ensureProbeImage). */
  image?: string;
}

/** The probe's image, built offline on the Bun base like the generator's and cached by the hash of its inputs. */
export async function ensureProbeImage(
  docker: DockerApi,
  options: Pick<HostProbeOptions, "log" | "env"> = {},
): Promise<string> {
  const image = await ensureImage(
    docker,
    { kind: "build", context: PACKAGE_ROOT, dockerfile: PROBE_DOCKERFILE, args: {} },
    {
      log: options.log ?? (() => undefined),
      env: options.env,
      entries: PROBE_CONTEXT_ENTRIES,
      repo: PROBE_IMAGE_REPO,
    },
  );
  return image.ref;
}

/** The probe container: one core of its own (cpuset and a one-CPU quota), loopback only, nothing to write. */
function probeSpec(image: string, form: ProbeForm): ContainerSpec {
  return {
    image,
    cmd: ["bun", "probe.ts", form],
    env: {},
    labels: { "bun-capacity.role": "host-probe" },
    user: "",
    nanoCpus: 1e9,
    cpusetCpus: String(PROBE_CORE),
    memoryBytes: PROBE_MEMORY_BYTES,
    memorySwapBytes: PROBE_MEMORY_BYTES,
    readonlyRootfs: true,
    tmpfs: { "/tmp": "rw,size=16m" },
    capDrop: ["ALL"],
    securityOpt: ["no-new-privileges"],
    pidsLimit: 256,
    networkMode: "none",
  };
}

/**
 * Runs the host probe once (the full form ≈ 4-5 s, the short ≈ 1.5 s with the container's start) and scores it
 * against the reference. Throws HostProbeError when it cannot measure; callers in a run log it and go on.
 */
export async function runHostProbe(docker: DockerApi, options: HostProbeOptions): Promise<HostProbe> {
  const image = options.image ?? (await ensureProbeImage(docker, options));
  const takenAt = new Date().toISOString();
  const id = await docker.createContainer(probeSpec(image, options.form));
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await docker.startContainer(id);
    const timeoutMs = TIMEOUT_MS[options.form];
    const timeout = new Promise<"timeout">((done) => {
      timer = setTimeout(() => done("timeout"), timeoutMs);
    });
    const exit = await Promise.race([docker.waitContainer(id), timeout]);
    if (exit === "timeout")
      throw new HostProbeError(`the ${options.form} form took over ${timeoutMs / 1000} s`);
    const logs = await docker.containerLogs(id);
    if (exit !== 0)
      throw new HostProbeError(
        `its container exited ${exit}: ${logs.stderr.trim().slice(-300) || "no stderr"}`,
      );
    const line = logs.stdout.trim().split("\n").at(-1) ?? "";
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (error) {
      throw new HostProbeError(`its output is not a JSON line: ${line.slice(0, 200) || "(empty)"}`, {
        cause: error,
      });
    }
    const raw = RawProbe.safeParse(json);
    if (!raw.success)
      throw new HostProbeError(`its output does not fit the probe's figures: ${raw.error.message}`);
    return scoreProbe(raw.data, { takenAt, cpuModel: cpus()[0]?.model ?? null, core: PROBE_CORE });
  } finally {
    clearTimeout(timer);
    await docker.removeContainer(id).catch(() => undefined);
  }
}

/** A run's probe: the image built once, on first use, then each call measures one form. */
export function hostProbeFor(
  docker: DockerApi,
  options: Pick<HostProbeOptions, "log" | "env"> = {},
): (form: ProbeForm) => Promise<HostProbe> {
  let image: Promise<string> | null = null;
  return async (form) => {
    image ??= ensureProbeImage(docker, options);
    return runHostProbe(docker, { ...options, form, image: await image });
  };
}
