import { readFile, writeFile } from "node:fs/promises";

export interface HostLock {
  release(): void;
}

export interface HostLockOptions {
  runId: string;
  log: (line: string) => void;
  path?: string;
  signal?: AbortSignal;
}

/**
 * One measuring run per host: a child `flock` holds an exclusive lock on a file in the temp directory for as long as
 * this process lives (its stdin is our pipe: when we die, it ends and the kernel drops the lock). A second run says
 * whom it waits for and waits.
 */
export async function acquireHostLock(options: HostLockOptions): Promise<HostLock> {
  const path = options.path ?? HOST_LOCK_PATH;
  const child = Bun.spawn(["flock", "--exclusive", path, "sh", "-c", "echo locked; exec cat >/dev/null"], {
    stdin: "pipe",
    stdout: "pipe",
    stderr: "ignore",
  });
  const release = () => {
    child.stdin.end();
    child.kill();
  };
  const locked = firstLine(child.stdout).then((line) => line === "locked");
  const notice = setTimeout(async () => {
    const owner = await readFile(`${path}${HOST_LOCK_OWNER_SUFFIX}`, "utf8").catch(() => "{}");
    const { runId, pid } = JSON.parse(owner) as { runId?: string; pid?: number };
    const who = runId ? `run ${runId} (pid ${pid})` : "another run";
    options.log(`waiting for ${who} to finish measuring on this host (lock ${path}; --no-host-lock to skip)`);
  }, HOST_LOCK_NOTICE_MS);
  const onAbort = () => release();
  options.signal?.addEventListener("abort", onAbort, { once: true });
  try {
    if (!(await locked)) {
      if (options.signal?.aborted) throw new RunInterruptedError(String(options.signal.reason ?? "signal"));
      throw new HostLockError(path);
    }
  } finally {
    clearTimeout(notice);
    options.signal?.removeEventListener("abort", onAbort);
  }
  const owner = { runId: options.runId, pid: process.pid, since: new Date().toISOString() };
  await writeFile(`${path}${HOST_LOCK_OWNER_SUFFIX}`, JSON.stringify(owner)).catch(() => undefined);
  return { release };
}

async function firstLine(stream: ReadableStream<Uint8Array>): Promise<string | null> {
  let text = "";
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    text += new TextDecoder().decode(chunk);
    const newline = text.indexOf("\n");
    if (newline !== -1) return text.slice(0, newline);
  }
  return null;
}

/** Runs `work` holding the host lock (unless disabled), and always lets it go. */
export async function withHostLock<T>(
  enabled: boolean,
  options: HostLockOptions,
  work: () => Promise<T>,
): Promise<T> {
  if (!enabled) return work();
  const lock = await acquireHostLock(options);
  try {
    return await work();
  } finally {
    lock.release();
  }
}

/** Every measuring run on this machine locks this file (flock); fixed, not tmpdir(): TMPDIR differs per shell. */
export const HOST_LOCK_PATH = "/tmp/bun-capacity-host.lock";
/** Who holds the lock (run id, pid), written by the holder so a waiting run can say whom it waits for. */
export const HOST_LOCK_OWNER_SUFFIX = ".owner.json";
/** If the lock is not ours within this long, another run holds it: say so, then keep waiting. */
export const HOST_LOCK_NOTICE_MS = 300;

/** The host lock could not be taken (no flock): says how to go on. */
export class HostLockError extends Error {
  override readonly name = "HostLockError";
  constructor(path: string) {
    super(`could not lock ${path} with flock (is util-linux installed?); or run with --no-host-lock`);
  }
}

/** The run was stopped by a signal (Ctrl-C / SIGTERM); finished cells are kept and the run can be resumed. */
export class RunInterruptedError extends Error {
  constructor(readonly signal: string) {
    super(`interrupted by ${signal}`);
    this.name = "RunInterruptedError";
  }
}
