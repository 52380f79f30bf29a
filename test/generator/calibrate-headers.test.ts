import { afterAll, expect, test } from "bun:test";
import { SECRET_HEADERS_ENV } from "../../contract/generator-step.ts";
import { runBun, stepConfig } from "./run-generator.ts";

const seen: (string | null)[] = [];
const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch(request) {
    seen.push(request.headers.get("authorization"));
    // Two instances answering in turn, each naming itself as the docs' handler does.
    return new Response("ok", { headers: { "X-Instance.Id": seen.length % 2 === 0 ? "inst-a" : "inst-b" } });
  },
});
afterAll(() => server.stop(true));

const step = JSON.stringify(stepConfig(server.port ?? 0, { ratePerSec: 50, plannedRequests: 50 }));

test("headers in the generator's environment go with every request of the mix", async () => {
  const result = await runBun("generator/main.ts", [], {
    env: { BC_STEP: step, [SECRET_HEADERS_ENV]: JSON.stringify({ Authorization: "Bearer env-token-1" }) },
  });
  expect(result.exitCode).toBe(0);
  expect(seen.length).toBeGreaterThan(40);
  expect(new Set(seen)).toEqual(new Set(["Bearer env-token-1"]));
});

test("a malformed header value exits 2 without echoing it", async () => {
  const result = await runBun("generator/main.ts", [], {
    env: { BC_STEP: step, [SECRET_HEADERS_ENV]: JSON.stringify({ "X-Key": "line\nbreak-secret" }) },
  });
  expect(result.exitCode).toBe(2);
  expect(result.stderr).toContain(SECRET_HEADERS_ENV);
  expect(result.stderr).not.toContain("break-secret");
});

test("a watched response header's distinct values are in the step's summary; unwatched, the field is absent", async () => {
  const run = async (watchHeader?: string) => {
    const config = stepConfig(server.port ?? 0, {
      ratePerSec: 40,
      plannedRequests: 40,
      workers: 2,
      concurrency: 4,
    });
    const result = await runBun("generator/main.ts", [], {
      env: { BC_STEP: JSON.stringify(watchHeader ? { ...config, watchHeader } : config) },
    });
    expect(result.exitCode).toBe(0);
    return JSON.parse(result.stdout.trim().split("\n").at(-1) ?? "{}");
  };
  // A name with a regex metacharacter, matched case-insensitively.
  expect((await run("x-instance.id")).headerValues?.sort()).toEqual(["inst-a", "inst-b"]);
  expect((await run()).headerValues).toBeUndefined();
});
