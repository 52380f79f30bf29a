import { readFile } from "node:fs/promises";

/** Kernel clock ticks per second in /proc/stat (USER_HZ, 100 on every Linux ABI Docker runs on). */
const USER_HZ = 100;
const PROC_STAT = "/proc/stat";

/** CPU-seconds the whole host has been busy since boot (user, nice, system, irq, softirq, steal); null if unreadable. */
export async function readHostBusySeconds(path = PROC_STAT): Promise<number | null> {
  const text = await readFile(path, "utf8").catch(() => null);
  const line = text?.split("\n").find((l) => l.startsWith("cpu "));
  if (!line) return null;
  const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  const busy = [user, nice, system, irq, softirq, steal].reduce<number>((sum, v) => sum + (v ?? 0), 0);
  return Number.isFinite(busy) ? busy / USER_HZ : null;
}
