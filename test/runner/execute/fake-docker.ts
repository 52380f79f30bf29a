import type {
  ContainerSpec,
  ContainerSummary,
  DockerApi,
  StatsSample,
} from "../../../runner/docker/docker-api.ts";
import { DockerUnavailableError, ImageMissingError } from "../../../runner/docker/docker-error.ts";
import type { FakeBehaviour } from "./fake-behaviour.ts";
import type { FakeContainer } from "./fake-container.ts";
import { FakeDockerImages } from "./fake-docker-images.ts";

/** An in-memory DockerApi: each created container takes the next scripted behaviour. */
export class FakeDocker extends FakeDockerImages implements DockerApi {
  readonly containers = new Map<string, FakeContainer>();
  readonly removed: string[] = [];
  onStart: (id: string) => void = () => undefined;
  private next = 0;

  constructor(private readonly behaviours: FakeBehaviour[] = []) {
    super();
  }

  script(...behaviours: FakeBehaviour[]): void {
    this.behaviours.push(...behaviours);
  }

  /** Containers that exist now (not removed). */
  get live(): FakeContainer[] {
    return [...this.containers.values()];
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
        cpusetCpus: s.cpusetCpus ?? "",
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
  /** What each session got on stdin so far, its output listener, and whether it was closed, by id. */
  readonly sessions = new Map<
    string,
    { input: string; closed: boolean; emit: (stream: "stdout" | "stderr", text: string) => void }
  >();
  async attachSession(id: string, onOutput: (stream: "stdout" | "stderr", text: string) => void) {
    this.get(id);
    const session = { input: "", closed: false, emit: onOutput };
    this.sessions.set(id, session);
    return {
      write: async (data: string) => {
        session.input += data;
      },
      // A session program ends at the end of its input.
      closeStdin: () => {
        session.closed = true;
        const c = this.containers.get(id);
        if (c?.running) this.stop(c, 0);
      },
      detach: () => undefined,
      ended: this.get(id).exited.then(() => undefined),
    };
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

  /** A two-core host as a running container sees it: its cpuset (or both cores), nproc and the online list. */
  async execInContainer(id: string, cmd: string[]) {
    const c = this.get(id);
    if (!c.running) return { exitCode: 1, stdout: "" };
    const allowed = c.spec.cpusetCpus ?? "0-1";
    const answers: Record<string, string> = {
      "cat /proc/1/status": `Name:\tbun\nCpus_allowed_list:\t${allowed}\n`,
      nproc: `${allowed.includes("-") || allowed.includes(",") ? 2 : 1}\n`,
      "cat /sys/devices/system/cpu/online": "0-1\n",
    };
    const stdout = answers[cmd.join(" ")];
    return stdout === undefined ? { exitCode: 127, stdout: "" } : { exitCode: 0, stdout };
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
