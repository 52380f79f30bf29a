import { acquireHostLock, type HostLockOptions } from "./acquire-host-lock.ts";

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
