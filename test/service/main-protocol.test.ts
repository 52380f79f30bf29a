import { expect, test } from "bun:test";
import { join } from "node:path";

const MAIN = join(import.meta.dir, "../../service/main.ts");

test("bun service/main.ts with PUBSUB_PROTOCOL=grpc names the gRPC port, and SIGTERM stops both listeners", async () => {
  const proc = Bun.spawn(["bun", MAIN], {
    env: { ...process.env, HOST: "127.0.0.1", PORT: "0", PUBSUB_PROTOCOL: "grpc", PUBSUB_GRPC_PORT: "0" },
    stdout: "pipe",
    stderr: "pipe",
  });
  try {
    const reader = proc.stdout.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!/publish also over grpc on 127\.0\.0\.1:\d+/.test(text)) {
      const chunk = await reader.read();
      if (chunk.done) throw new Error(`no publish line: ${text}`);
      text += chunk.value;
    }
    reader.releaseLock();
    proc.kill("SIGTERM");
    expect(await proc.exited).toBe(0);
  } finally {
    proc.kill();
  }
});

test("an unreadable certificate file exits 2 naming the variable", async () => {
  const proc = Bun.spawn(["bun", MAIN], {
    env: { ...process.env, PORT: "0", PUBSUB_PROTOCOL: "h2", PUBSUB_TLS_KEY_FILE: "/nowhere/key.pem" },
    stdout: "pipe",
    stderr: "pipe",
  });
  expect(await proc.exited).toBe(2);
  expect(await new Response(proc.stderr).text()).toContain('PUBSUB_TLS_KEY_FILE="/nowhere/key.pem"');
});
