import { afterAll, expect, test } from "bun:test";
import { integrationImage } from "../integration/integration-image.ts";

const name = `bc-service-it-${process.pid}`;
afterAll(async () => {
  await Bun.$`docker rm -f ${name}`.quiet().nothrow();
});

// The bench image runs the service as `bun service/main.ts`; probed from inside its own namespace (loopback).
test(
  "the bench image runs the bundled service",
  async () => {
    const image = await integrationImage();
    await Bun.$`docker run -d --name ${name} --network none --label bun-capacity.test=service -e PORT=8080 ${image.ref} service/main.ts`.quiet();
    const probe = `for (let i = 0; i < 50; i++) { try { const r = await fetch("http://127.0.0.1:8080/healthz"); console.log(r.status); process.exit(0); } catch { await Bun.sleep(100); } } process.exit(1);`;
    const out = await Bun.$`docker exec ${name} bun -e ${probe}`.text();
    expect(out.trim()).toBe("200");
    await Bun.$`docker stop -t 10 ${name}`.quiet();
    const state = await Bun.$`docker inspect -f {{.State.ExitCode}} ${name}`.text();
    expect(state.trim()).toBe("0");
    expect(await Bun.$`docker logs ${name}`.text()).toContain("stopped");
  },
  { timeout: 180_000 },
);
