import type {
  BuildOptions,
  ContainerSpec,
  ContainerSummary,
  DockerApi,
  ImportOptions,
  StatsSample,
} from "../../../runner/docker/docker-api.ts";
import { DockerUnavailableError } from "../../../runner/docker/docker-unavailable-error.ts";
import { ImageMissingError } from "../../../runner/docker/image-missing-error.ts";

/** How a fake container behaves once started. */
export interface FakeBehaviour {
  exitCode?: number;
  /** never exits on its own (until killed) */
  hang?: boolean;
  oomKilled?: boolean;
  oomEvent?: boolean;
  stdout?: string;
  stderr?: string;
  samples?: Array<Pick<StatsSample, "memoryUsageBytes" | "cpuTotalNanos">>;
  /** the engine disappears at this step */
  loseEngineAt?: "create" | "start" | "wait" | "logs";
}

interface FakeContainer {
  id: string;
  spec: ContainerSpec;
  behaviour: FakeBehaviour;
  running: boolean;
  killed: boolean;
  exitCode: number | null;
  exit: (code: number) => void;
  exited: Promise<number>;
}

/** An in-memory DockerApi: each created container takes the next scripted behaviour. */
export class FakeDocker implements DockerApi {
  readonly containers = new Map<string, FakeContainer>();
  readonly removed: string[] = [];
  readonly images = new Map<string, { id: string; labels: Record<string, string> }>();
  readonly calls: string[] = [];
  pullSucceeds = false;
  onStart: (id: string) => void = () => undefined;
  private next = 0;

  constructor(private readonly behaviours: FakeBehaviour[] = []) {}

  script(...behaviours: FakeBehaviour[]): void {
    this.behaviours.push(...behaviours);
  }

  /** Containers that exist now (not removed). */
  get live(): FakeContainer[] {
    return [...this.containers.values()];
  }

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
  async createContainer(spec: ContainerSpec) {
    const behaviour = this.behaviours[this.next++] ?? { exitCode: 0 };
    if (behaviour.loseEngineAt === "create") throw new DockerUnavailableError("create a container");
    if (spec.image === "missing:1") throw new ImageMissingError(spec.image);
    const id = `c${this.next}`;
    let exit: (code: number) => void = () => undefined;
    const exited = new Promise<number>((resolve) => {
      exit = resolve;
    });
    const container: FakeContainer = {
      id,
      spec,
      behaviour,
      running: false,
      killed: false,
      exitCode: null,
      exit,
      exited,
    };
    this.containers.set(id, container);
    return id;
  }
  async startContainer(id: string) {
    const c = this.get(id);
    if (c.behaviour.loseEngineAt === "start") throw new DockerUnavailableError("start");
    c.running = true;
    this.onStart(id);
    if (!c.behaviour.hang)
      queueMicrotask(() => this.stop(c, c.behaviour.oomKilled ? 137 : (c.behaviour.exitCode ?? 0)));
  }
  async waitContainer(id: string) {
    const c = this.get(id);
    if (c.behaviour.loseEngineAt === "wait") throw new DockerUnavailableError("wait");
    return c.exited;
  }
  async killContainer(id: string) {
    const c = this.containers.get(id);
    if (!c?.running) return;
    c.killed = true;
    this.stop(c, 137);
  }
  async removeContainer(id: string) {
    const c = this.containers.get(id);
    if (!c) return;
    if (c.running) this.stop(c, 137);
    this.containers.delete(id);
    this.removed.push(id);
  }
  async containerLogs(id: string) {
    const c = this.get(id);
    if (c.behaviour.loseEngineAt === "logs") throw new DockerUnavailableError("logs");
    return { stdout: c.behaviour.stdout ?? "", stderr: c.behaviour.stderr ?? "" };
  }
  async inspectContainer(id: string) {
    const c = this.get(id);
    const s = c.spec;
    return {
      running: c.running,
      exitCode: c.exitCode,
      oomKilled: c.behaviour.oomKilled ?? false,
      applied: {
        nanoCpus: s.nanoCpus,
        memoryBytes: s.memoryBytes,
        memorySwapBytes: s.memorySwapBytes,
        readonlyRootfs: s.readonlyRootfs,
        capDrop: s.capDrop,
        securityOpt: s.securityOpt,
        pidsLimit: s.pidsLimit,
        networkMode: s.networkMode,
        user: s.user,
      },
    };
  }
  streamStats(id: string, onSample: (sample: StatsSample) => void) {
    const c = this.get(id);
    (c.behaviour.samples ?? []).forEach((sample, i) => {
      onSample({
        readAtMs: Date.now() + i * 1000,
        memoryMaxUsageBytes: null,
        throttledPeriods: 0,
        throttledNanos: 0,
        ...sample,
      });
    });
    return () => undefined;
  }
  async watchOomEvents(id: string, onOom: () => void) {
    if (this.get(id).behaviour.oomEvent) onOom();
    return () => undefined;
  }
  /** What each container got on stdin, by id. */
  readonly stdin = new Map<string, string>();
  async attachStdin(id: string) {
    this.get(id);
    return async (data: string) => void this.stdin.set(id, data);
  }
  async listContainers(labelFilter: string): Promise<ContainerSummary[]> {
    const [key, value] = labelFilter.split("=");
    return this.live
      .filter(
        (c) =>
          key !== undefined && key in c.spec.labels && (value === undefined || c.spec.labels[key] === value),
      )
      .map((c) => ({ id: c.id, state: c.running ? "running" : "exited", labels: c.spec.labels }));
  }

  /** Adds a container that some other (maybe dead) process left behind. */
  addForeign(id: string, labels: Record<string, string>): void {
    const spec = { labels } as ContainerSpec;
    const exited = Promise.resolve(0);
    this.containers.set(id, {
      id,
      spec,
      behaviour: {},
      running: true,
      killed: false,
      exitCode: null,
      exit: () => undefined,
      exited,
    });
  }

  private get(id: string): FakeContainer {
    const c = this.containers.get(id);
    if (!c) throw new Error(`fake: no container ${id}`);
    return c;
  }

  private stop(c: FakeContainer, code: number): void {
    if (!c.running) return;
    c.running = false;
    c.exitCode = code;
    c.exit(code);
  }
}

async function drain(stream: NodeJS.ReadableStream): Promise<number> {
  let bytes = 0;
  for await (const chunk of stream) bytes += (chunk as Uint8Array).length;
  return bytes;
}
