import { appliedLimitsFromInspect } from "./applied-limits.ts";
import type { ContainerSpec, DockerApi, Engine } from "./docker-api.ts";
import { DockerFrameReader, demuxDockerLog, shortId as short } from "./docker-client.ts";
import {
  dockerCall as call,
  ImageMissingError,
  dockerCallIgnoring as ignoreStatus,
  toDockerError,
} from "./docker-error.ts";

/** Containers: create, start, wait, kill, remove, logs, inspect, stdin, list by label. */
export function containerApi(
  docker: Engine,
): Pick<
  DockerApi,
  | "createContainer"
  | "startContainer"
  | "waitContainer"
  | "killContainer"
  | "removeContainer"
  | "containerLogs"
  | "inspectContainer"
  | "attachStdin"
  | "attachSession"
  | "listContainers"
  | "execInContainer"
> {
  return {
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
            ...(spec.cpusetCpus ? { CpusetCpus: spec.cpusetCpus } : {}),
            Memory: spec.memoryBytes,
            MemorySwap: spec.memorySwapBytes,
            ReadonlyRootfs: spec.readonlyRootfs,
            Tmpfs: spec.tmpfs,
            CapDrop: spec.capDrop,
            SecurityOpt: spec.securityOpt,
            PidsLimit: spec.pidsLimit,
            NetworkMode: spec.networkMode,
            ...(spec.cgroupParent ? { CgroupParent: spec.cgroupParent } : {}),
            ...(spec.nofile ? { Ulimits: [{ Name: "nofile", Soft: spec.nofile, Hard: spec.nofile }] } : {}),
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
    attachSession: (id, onOutput) =>
      call(`attach to container ${short(id)}`, async () => {
        const stream = (await docker.getContainer(id).attach({
          stream: true,
          stdin: true,
          stdout: true,
          stderr: true,
          hijack: true,
        })) as NodeJS.ReadWriteStream;
        const reader = new DockerFrameReader(onOutput);
        let failure: Error | null = null;
        const ended = new Promise<void>((resolve) => {
          stream.on("end", resolve);
          stream.on("close", resolve);
          stream.on("error", (error: Error) => {
            failure = error;
            resolve();
          });
        });
        stream.on("data", (chunk: Uint8Array) => reader.push(chunk));
        return {
          write: (data) =>
            new Promise<void>((resolve, reject) => {
              if (failure) reject(failure);
              else stream.write(data, (error) => (error ? reject(error) : resolve()));
            }),
          closeStdin: () => void stream.end(),
          detach: () => (stream as unknown as { destroy?: () => void }).destroy?.(),
          ended,
        };
      }),
    listContainers: (labelFilter) =>
      call("list containers", async () => {
        const list = await docker.listContainers({ all: true, filters: { label: [labelFilter] } });
        return list.map((c) => ({ id: c.Id, state: c.State, labels: c.Labels ?? {} }));
      }),
    execInContainer: (id, cmd, timeoutMs) =>
      call(`exec ${cmd[0]} in container ${short(id)}`, async () => {
        const exec = await docker.getContainer(id).exec({ Cmd: cmd, AttachStdout: true, AttachStderr: true });
        const stream = (await exec.start({ hijack: true, stdin: false })) as NodeJS.ReadableStream;
        const chunks: Uint8Array[] = [];
        let timer: ReturnType<typeof setTimeout> | undefined;
        const finished = await new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), timeoutMs);
          stream.on("data", (chunk: Uint8Array) => chunks.push(chunk));
          stream.on("end", () => resolve(true));
          stream.on("error", () => resolve(false));
        });
        clearTimeout(timer);
        const inspect = finished ? await exec.inspect() : null;
        return {
          exitCode: inspect?.ExitCode ?? null,
          stdout: demuxDockerLog(Buffer.concat(chunks)).stdout,
        };
      }),
  };
}
