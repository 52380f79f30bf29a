import Docker from "dockerode";
import { appliedLimitsFromInspect } from "./applied-limits-from-inspect.ts";
import { demuxDockerLog } from "./demux-docker-log.ts";
import type { BuildOptions, ContainerSpec, DockerApi, ImportOptions, StatsSample } from "./docker-api.ts";
import { DockerBuildError } from "./docker-build-error.ts";
import { ImageMissingError } from "./image-missing-error.ts";
import { parseStatsSample } from "./parse-stats-sample.ts";
import { readJsonLines } from "./read-json-lines.ts";
import { toDockerError } from "./to-docker-error.ts";

const BUILD_LOG_TAIL_LINES = 30;

/** The one place that talks to dockerode: a thin DockerApi over the engine named by DOCKER_HOST (or the local socket). */
export function createDockerClient(docker: Docker = new Docker()): DockerApi {
  const call = async <T>(action: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (error) {
      throw toDockerError(action, error);
    }
  };
  const ignoreStatus = async (action: string, fn: () => Promise<unknown>, codes: number[]) => {
    try {
      await fn();
    } catch (error) {
      if (codes.includes((error as { statusCode?: number }).statusCode ?? 0)) return;
      throw toDockerError(action, error);
    }
  };

  return {
    ping: () => call("ping the engine", async () => void (await docker.ping())),
    version: () =>
      call("read the engine version", async () => {
        const v = await docker.version();
        return { version: v.Version, apiVersion: v.ApiVersion };
      }),
    info: () =>
      call("read the engine info", async () => {
        const info = await docker.info();
        const cgroup = Number(info.CgroupVersion);
        return {
          serverVersion: String(info.ServerVersion),
          cgroupVersion: cgroup === 1 || cgroup === 2 ? cgroup : null,
          cgroupDriver: String(info.CgroupDriver ?? ""),
          cpus: Number(info.NCPU),
          memoryBytes: Number(info.MemTotal),
          operatingSystem: String(info.OperatingSystem),
          kernelVersion: String(info.KernelVersion),
        };
      }),
    inspectImage: async (ref) => {
      try {
        const image = await docker.getImage(ref).inspect();
        return { id: image.Id, labels: image.Config?.Labels ?? {} };
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw toDockerError(`inspect image ${ref}`, error);
      }
    },
    tagImage: (ref, repo, tag) =>
      call(`tag ${ref}`, async () => void (await docker.getImage(ref).tag({ repo, tag }))),
    pullImage: async (ref, timeoutMs) => {
      const abort = AbortSignal.timeout(timeoutMs);
      try {
        const stream = (await docker.pull(ref, { abortSignal: abort })) as NodeJS.ReadableStream;
        for await (const line of readJsonLines(stream)) if (line.error) return false;
        return (await docker.getImage(ref).inspect()).Id !== undefined;
      } catch {
        return false;
      }
    },
    importImage: (rootfsTar, options: ImportOptions) =>
      call(`import ${options.repo}:${options.tag}`, async () => {
        const stream = (await docker.importImage(rootfsTar, {
          repo: options.repo,
          tag: options.tag,
          changes: options.changes,
        } as object)) as NodeJS.ReadableStream;
        let id = "";
        for await (const line of readJsonLines(stream)) {
          if (line.error) throw new Error(String(line.error));
          if (typeof line.status === "string" && line.status.startsWith("sha256:")) id = line.status;
        }
        return id || ((await docker.getImage(`${options.repo}:${options.tag}`).inspect()).Id as string);
      }),
    buildImage: (contextTar, options: BuildOptions) =>
      call(`build ${options.tag}`, async () => {
        const stream = await docker.buildImage(contextTar, {
          t: options.tag,
          dockerfile: options.dockerfile,
          buildargs: options.buildArgs,
          labels: options.labels,
          rm: true,
          forcerm: true,
        });
        const log: string[] = [];
        let id = "";
        for await (const line of readJsonLines(stream)) {
          if (typeof line.stream === "string") {
            for (const text of line.stream.split("\n").filter((l) => l.trim() !== "")) {
              log.push(text);
              options.onLine?.(text);
            }
          }
          const aux = line.aux as { ID?: string } | undefined;
          if (aux?.ID) id = aux.ID;
          if (line.error) {
            throw new DockerBuildError(
              `docker build of ${options.tag} failed: ${String(line.error).trim()}`,
              log.slice(-BUILD_LOG_TAIL_LINES).join("\n"),
            );
          }
        }
        return id || ((await docker.getImage(options.tag).inspect()).Id as string);
      }),
    createContainer: async (spec: ContainerSpec) => {
      try {
        const container = await docker.createContainer({
          Image: spec.image,
          ...(spec.entrypoint ? { Entrypoint: spec.entrypoint } : {}),
          Cmd: spec.cmd,
          Env: Object.entries(spec.env).map(([k, v]) => `${k}=${v}`),
          Labels: spec.labels,
          User: spec.user,
          AttachStdout: false,
          AttachStderr: false,
          Tty: false,
          ...(spec.openStdin ? { OpenStdin: true, StdinOnce: true, AttachStdin: true } : {}),
          HostConfig: {
            NanoCpus: spec.nanoCpus,
            Memory: spec.memoryBytes,
            MemorySwap: spec.memorySwapBytes,
            ReadonlyRootfs: spec.readonlyRootfs,
            Tmpfs: spec.tmpfs,
            CapDrop: spec.capDrop,
            SecurityOpt: spec.securityOpt,
            PidsLimit: spec.pidsLimit,
            NetworkMode: spec.networkMode,
            ...(spec.cgroupParent ? { CgroupParent: spec.cgroupParent } : {}),
          },
        });
        return container.id;
      } catch (error) {
        const message = String((error as Error).message ?? "");
        if ((error as { statusCode?: number }).statusCode === 404 && /no such image/i.test(message)) {
          throw new ImageMissingError(spec.image, { cause: error });
        }
        throw toDockerError(`create a container from ${spec.image}`, error);
      }
    },
    startContainer: (id) =>
      call(`start container ${short(id)}`, async () => void (await docker.getContainer(id).start())),
    waitContainer: (id) =>
      call(`wait for container ${short(id)}`, async () => {
        const result = (await docker.getContainer(id).wait()) as { StatusCode: number };
        return result.StatusCode;
      }),
    killContainer: (id) =>
      ignoreStatus(`kill container ${short(id)}`, () => docker.getContainer(id).kill(), [404, 409]),
    removeContainer: (id) =>
      ignoreStatus(
        `remove container ${short(id)}`,
        () => docker.getContainer(id).remove({ force: true, v: true }),
        [404, 409],
      ),
    containerLogs: (id) =>
      call(`read the logs of container ${short(id)}`, async () => {
        const raw = (await docker
          .getContainer(id)
          .logs({ stdout: true, stderr: true, follow: false })) as unknown;
        return demuxDockerLog(raw as Uint8Array);
      }),
    inspectContainer: (id) =>
      call(`inspect container ${short(id)}`, async () => {
        const inspect = await docker.getContainer(id).inspect();
        return {
          running: inspect.State.Running,
          exitCode: inspect.State.Running ? null : inspect.State.ExitCode,
          oomKilled: inspect.State.OOMKilled,
          applied: appliedLimitsFromInspect(inspect),
        };
      }),
    streamStats: (id, onSample: (sample: StatsSample) => void) => {
      let stream: NodeJS.ReadableStream | null = null;
      let stopped = false;
      docker
        .getContainer(id)
        .stats({ stream: true })
        .then(async (s) => {
          stream = s as NodeJS.ReadableStream;
          if (stopped) return destroy(stream);
          for await (const line of readJsonLines(stream)) {
            const sample = parseStatsSample(line);
            if (sample) onSample(sample);
          }
        })
        .catch(() => undefined); // the stream ends with an error when the container goes away
      return () => {
        stopped = true;
        if (stream) destroy(stream);
      };
    },
    watchOomEvents: (id, onOom) =>
      call(`watch events of container ${short(id)}`, async () => {
        const stream = (await docker.getEvents({
          filters: { container: [id], event: ["oom"] },
        })) as NodeJS.ReadableStream;
        (async () => {
          for await (const _line of readJsonLines(stream)) onOom();
        })().catch(() => undefined);
        return () => destroy(stream);
      }),
    attachStdin: (id) =>
      call(`attach to the stdin of container ${short(id)}`, async () => {
        const stream = (await docker.getContainer(id).attach({
          stream: true,
          stdin: true,
          stdout: false,
          stderr: false,
          hijack: true,
        })) as NodeJS.ReadWriteStream;
        return (data: string) =>
          new Promise<void>((resolve, reject) => {
            stream.on("error", reject);
            stream.end(data, () => resolve());
          });
      }),
    listContainers: (labelFilter) =>
      call("list containers", async () => {
        const list = await docker.listContainers({ all: true, filters: { label: [labelFilter] } });
        return list.map((c) => ({ id: c.Id, state: c.State, labels: c.Labels ?? {} }));
      }),
  };
}

function short(id: string): string {
  return id.slice(0, 12);
}

function destroy(stream: NodeJS.ReadableStream): void {
  (stream as unknown as { destroy?: () => void }).destroy?.();
}
