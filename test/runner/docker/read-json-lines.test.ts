import { expect, test } from "bun:test";
import { Readable } from "node:stream";
import { readJsonLines } from "../../../runner/docker/docker-client.ts";

test("objects split across chunks, blank lines and a missing final newline", async () => {
  const stream = Readable.from([
    '{"stream":"Step 1"}\n{"aux":',
    '{"ID":"sha256:x"}}\n\n',
    '{"error":"boom"}',
  ]);
  const lines = [];
  for await (const line of readJsonLines(stream)) lines.push(line);
  expect(lines).toEqual([{ stream: "Step 1" }, { aux: { ID: "sha256:x" } }, { error: "boom" }]);
});
