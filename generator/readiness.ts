// `bun generator/readiness.ts <url> <timeoutMs>`: polls GET every 10 ms until a 2xx, prints that answer's epoch ms.
import { z } from "zod";

const POLL_MS = 10;
/** One poll waits at most this long (a service that accepts but never answers still gets polled again). */
const POLL_BOUND_MS = 1000;
const Args = z.tuple([z.url({ protocol: /^https?$/ }), z.coerce.number().int().positive().max(3_600_000)]);

const parsed = Args.safeParse(process.argv.slice(2));
if (!parsed.success) {
  process.stderr.write(
    `usage: bun generator/readiness.ts <url> <timeoutMs>: ${z.prettifyError(parsed.error).replaceAll("\n", " ")}\n`,
  );
  process.exit(2);
}
const [url, timeoutMs] = parsed.data;
const deadlineMs = Date.now() + timeoutMs;
let last = "no answer";
while (Date.now() < deadlineMs) {
  const boundMs = Math.max(1, Math.min(POLL_BOUND_MS, deadlineMs - Date.now()));
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(boundMs) });
    await response.arrayBuffer();
    if (response.ok) {
      process.stdout.write(`${Date.now()}\n`);
      process.exit(0);
    }
    last = `HTTP ${response.status}`;
  } catch (error) {
    last = (error as Error).message;
  }
  await Bun.sleep(Math.min(POLL_MS, Math.max(0, deadlineMs - Date.now())));
}
process.stderr.write(`bun-capacity readiness: ${url} gave no 2xx within ${timeoutMs} ms (last: ${last})\n`);
process.exit(1);
