import type { BuildOptions, DockerApi, Engine, ImportOptions } from "./docker-api.ts";
import { readJsonLines } from "./docker-client.ts";
import { dockerCall as call, DockerBuildError, DockerRequestError, toDockerError } from "./docker-error.ts";

const BUILD_LOG_TAIL_LINES = 30;

/** Images: inspect, tag, pull, import a root filesystem, build from a context. */
export function imageApi(
  docker: Engine,
): Pick<DockerApi, "inspectImage" | "tagImage" | "pullImage" | "importImage" | "buildImage"> {
  return {
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
    buildImage: async (contextTar, options: BuildOptions) => {
      const stream = await startBuild(docker, contextTar, options);
      return call(`build ${options.tag}`, async () => {
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
      });
    },
  };
}

/** The build request; the engine refusing it (no Dockerfile in the context, a bad argument) is a build error too. */
async function startBuild(
  docker: Engine,
  contextTar: NodeJS.ReadableStream,
  options: BuildOptions,
): Promise<NodeJS.ReadableStream> {
  try {
    return await docker.buildImage(contextTar, {
      t: options.tag,
      dockerfile: options.dockerfile,
      buildargs: options.buildArgs,
      labels: options.labels,
      rm: true,
      forcerm: true,
    });
  } catch (error) {
    const mapped = toDockerError(`build ${options.tag}`, error);
    if (!(mapped instanceof DockerRequestError)) throw mapped;
    throw new DockerBuildError(
      `docker build of ${options.tag} failed before its first step: ${mapped.message}`,
      "",
      {
        cause: error,
      },
    );
  }
}
