// `bun generator/ready-paths.ts <port> <timeoutMs> <path>...`: waits until 127.0.0.1:<port> answers at all, then GETs
// each path once and prints one JSON line {"bcReadyPaths":[{path,status}]} (status null: no answer). `init` reads it.
import { z } from "zod";

const POLL_MS = 50;
/** One request waits at most this long. */
const REQUEST_BOUND_MS = 1000;
const MAX_PATHS = 32;
const Args = z.tuple(
  [z.coerce.number().int().min(1).max(65_535), z.coerce.number().int().positive().max(600_000)],
  z.string().regex(/^\/[^\s]*$/, "a path starts with /"),
);

const parsed = Args.safeParse(process.argv.slice(2, 4 + MAX_PATHS));
if (!parsed.success) {
  process.stderr.write(
    `usage: bun generator/ready-paths.ts <port> <timeoutMs> <path>...: ${z.prettifyError(parsed.error).replaceAll("\n", " ")}\n`,
  );
  process.exit(2);
}
const [port, timeoutMs, ...paths] = parsed.data;
const deadlineMs = Date.now() + timeoutMs;

/** The status of one GET, or null when nothing answered in time. */
async function statusOf(path: string): Promise<number | null> {
  const boundMs = Math.max(1, Math.min(REQUEST_BOUND_MS, deadlineMs - Date.now()));
  try {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      signal: AbortSignal.timeout(boundMs),
      redirect: "manual",
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return null;
  }
}

let listening = false;
while (!listening && Date.now() < deadlineMs) {
  listening = (await statusOf(paths[0] ?? "/")) !== null;
  if (!listening) await Bun.sleep(Math.min(POLL_MS, Math.max(0, deadlineMs - Date.now())));
}
const answers: Array<{ path: string; status: number | null }> = [];
for (const path of paths) answers.push({ path, status: listening ? await statusOf(path) : null });
process.stdout.write(`${JSON.stringify({ bcReadyPaths: answers, listening })}\n`);
