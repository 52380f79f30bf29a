import type { AttachedSession, ContainerSpec, DockerApi } from "../../docker/docker-api.ts";
import type { MemberSession, SessionEnd, SessionExchange } from "../execution-driver.ts";
import { containerCpuSeconds } from "./cgroup-accounting.ts";
import { KILL_GRACE_MS } from "./local-driver.ts";
import { startWatched, type WatchedContainer, waitWithTimeout } from "./watched-container.ts";

/** Once its stdin is closed, how long a session member may take to exit by itself before it is killed. */
export const SESSION_EXIT_GRACE_MS = 2000;
/** After an exit, how long its last output may take to arrive over the attachment. */
const OUTPUT_TAIL_MS = 500;

export interface SessionHooks {
  /** The container exists: the pod removes it in finish() whatever happens next. */
  created(id: string): void;
  /** It is gone; its CPU-seconds over its life (the kernel's count, else the last stats sample). */
  closed(cpuSeconds: number): void;
}

/** Creates, attaches and starts one long-lived member (the spec with openStdin) in the pod's namespace. */
export async function startMemberSession(
  docker: DockerApi,
  spec: ContainerSpec,
  hooks: SessionHooks,
): Promise<MemberSession> {
  const id = await docker.createContainer({ ...spec, openStdin: true });
  hooks.created(id);
  const session = new LocalMemberSession(docker, id, hooks);
  try {
    await session.start();
  } catch (error) {
    await session.close();
    throw error;
  }
  return session;
}

interface Waiting {
  isEnd(line: string): boolean;
  finish(ended: SessionEnd): void;
}

class LocalMemberSession implements MemberSession {
  private stdout = "";
  private stderr = "";
  /** Where the stdout line not yet complete starts. */
  private lineStart = 0;
  private waiting: Waiting | null = null;
  private exitCode: number | null = null;
  private exited: Promise<number> | null = null;
  private attached: AttachedSession | null = null;
  private watched: WatchedContainer | null = null;
  private closing: Promise<{ stdout: string; stderr: string }> | null = null;
  /** How much of stdout and stderr the last exchange returned. */
  private returned = { stdout: 0, stderr: 0 };

  constructor(
    private readonly docker: DockerApi,
    private readonly id: string,
    private readonly hooks: SessionHooks,
  ) {}

  async start(): Promise<void> {
    this.attached = await this.docker.attachSession(this.id, (stream, text) => this.output(stream, text));
    this.watched = await startWatched(this.docker, this.id);
    this.exited = this.docker.waitContainer(this.id).then((code) => {
      this.exitCode = code;
      this.waiting?.finish("exited");
      return code;
    });
    this.exited.catch(() => undefined); // the wait fails when the container is removed first
  }

  async exchange(
    input: string,
    isEnd: (line: string) => boolean,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<SessionExchange> {
    if (this.waiting) throw new Error("a session member runs one exchange at a time");
    this.stdout = this.stdout.slice(this.lineStart);
    this.lineStart = 0;
    this.stderr = "";
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onAbort: (() => void) | undefined;
    const ended = await new Promise<SessionEnd>((resolve) => {
      this.waiting = { isEnd, finish: resolve };
      if (this.exitCode !== null || this.closing) return resolve("exited");
      timer = setTimeout(() => resolve("timeout"), timeoutMs);
      onAbort = () => resolve("aborted");
      if (signal?.aborted) return resolve("aborted");
      signal?.addEventListener("abort", onAbort, { once: true });
      this.attached?.write(input).catch(() => resolve("exited"));
    });
    this.waiting = null;
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener("abort", onAbort);
    if (ended === "exited") await this.outputTail();
    const stdout = ended === "marker" ? this.stdout.slice(0, this.lineStart) : this.stdout;
    this.returned = { stdout: stdout.length, stderr: this.stderr.length };
    return { ended, stdout, stderr: this.stderr, exitCode: this.exitCode };
  }

  close(options: { kill?: boolean } = {}): Promise<{ stdout: string; stderr: string }> {
    this.closing ??= this.shutdown(options.kill === true);
    return this.closing;
  }

  private output(stream: "stdout" | "stderr", text: string): void {
    if (stream === "stderr") {
      this.stderr += text;
      return;
    }
    this.stdout += text;
    for (let newline = this.stdout.indexOf("\n", this.lineStart); newline >= 0; ) {
      const line = this.stdout.slice(this.lineStart, newline);
      this.lineStart = newline + 1;
      if (this.waiting?.isEnd(line)) this.waiting.finish("marker");
      newline = this.stdout.indexOf("\n", this.lineStart);
    }
  }

  /** The output written just before an exit may arrive just after Docker reports it. */
  private async outputTail(): Promise<void> {
    if (this.attached) await Promise.race([this.attached.ended, Bun.sleep(OUTPUT_TAIL_MS)]);
  }

  private async shutdown(kill: boolean): Promise<{ stdout: string; stderr: string }> {
    const { docker, id } = this;
    const cgroupSeconds = await containerCpuSeconds(id);
    try {
      this.attached?.closeStdin();
      const exit = this.exited ?? Promise.resolve(0);
      if (kill || (await waitWithTimeout(exit, SESSION_EXIT_GRACE_MS)).kind !== "exited") {
        await docker.killContainer(id);
        await waitWithTimeout(docker.waitContainer(id), KILL_GRACE_MS);
      }
      await this.outputTail();
    } finally {
      this.attached?.detach();
      const stats = this.watched?.stopStats() ?? null;
      this.watched?.stopOomWatch();
      await docker.removeContainer(id).catch(() => undefined);
      this.waiting?.finish("exited");
      this.hooks.closed(cgroupSeconds ?? stats?.cpuSeconds ?? 0);
    }
    return {
      stdout: this.stdout.slice(this.returned.stdout),
      stderr: this.stderr.slice(this.returned.stderr),
    };
  }
}
