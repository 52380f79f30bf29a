import { expect, test } from "bun:test";
import { KV_SIDECAR_MATRIX, measured, runServerMatrix } from "./server-mode-run.ts";

// Fixture (c): every request writes and reads a key in a Bun key-value sidecar on localhost. A broken sidecar
// would make the service answer 502 (errors fail every step), so a ceiling proves it works; its CPU is apart.
test(
  "server mode: a sidecar on localhost works, and its CPU is reported apart from the service's",
  async () => {
    const records = await runServerMatrix(KV_SIDECAR_MATRIX);
    const [record] = records;
    const cell = record ? measured(record) : null;
    expect(cell?.status).toBe("ok");
    expect(cell?.ceilingPerSec ?? 0).toBeGreaterThan(0);
    const repetition = record?.repetitions[0];
    const sidecarCpu = repetition?.sidecarCpuSeconds?.kv ?? 0;
    expect(sidecarCpu).toBeGreaterThan(0);
    // The service's own CPU (Docker stats of its container) does not include the sidecar's.
    const serviceCpu = repetition?.stats?.cpuSeconds ?? 0;
    expect(serviceCpu).toBeGreaterThan(0);
    expect(repetition?.result?.notes.some((note) => note.startsWith("sidecar kv used"))).toBe(true);
    expect(repetition?.startupMs ?? 0).toBeGreaterThan(0);
  },
  { timeout: 900_000, retry: 1 },
);
