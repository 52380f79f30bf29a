import type { BuildOptions, ImportOptions } from "../../../runner/docker/docker-api.ts";

/** The engine and image half of the fake DockerApi: version, info, and images held in a map. */
export class FakeDockerImages {
  readonly images = new Map<string, { id: string; labels: Record<string, string> }>();
  readonly calls: string[] = [];
  pullSucceeds = false;

  async ping() {}
  async version() {
    return { version: "20.10.24", apiVersion: "1.41" };
  }
  async info() {
    return {
      serverVersion: "20.10.24",
      cgroupVersion: 1 as const,
      cgroupDriver: "cgroupfs",
      cpus: 2,
      memoryBytes: 8 * 2 ** 30,
      operatingSystem: "fake",
      kernelVersion: "6",
    };
  }
  async inspectImage(ref: string) {
    return this.images.get(ref) ?? null;
  }
  async tagImage(ref: string, repo: string, tag: string) {
    const image = this.images.get(ref);
    if (image) this.images.set(`${repo}:${tag}`, image);
  }
  async pullImage(ref: string) {
    this.calls.push(`pull ${ref}`);
    if (this.pullSucceeds) this.images.set(ref, { id: `sha256:pulled-${ref}`, labels: {} });
    return this.pullSucceeds;
  }
  /** Bytes of the last tarball handed to import or build (drained like the engine would). */
  lastTarBytes = 0;

  async importImage(tar: NodeJS.ReadableStream, options: ImportOptions) {
    this.lastTarBytes = await drain(tar);
    this.calls.push(`import ${options.repo}:${options.tag}`);
    const id = `sha256:imported-${options.tag}`;
    this.images.set(`${options.repo}:${options.tag}`, { id, labels: {} });
    return id;
  }
  async buildImage(tar: NodeJS.ReadableStream, options: BuildOptions) {
    this.lastTarBytes = await drain(tar);
    this.calls.push(`build ${options.tag} ${JSON.stringify(options.buildArgs)}`);
    const id = `sha256:built-${options.tag}`;
    this.images.set(options.tag, { id, labels: options.labels });
    return id;
  }
}

async function drain(stream: NodeJS.ReadableStream): Promise<number> {
  let bytes = 0;
  for await (const chunk of stream) bytes += (chunk as Uint8Array).length;
  return bytes;
}
