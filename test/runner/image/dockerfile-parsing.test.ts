import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import {
  bunImageTag,
  copySources,
  dockerfileInstructions,
  fromImages,
} from "../../../runner/image/dockerfile.ts";

const guide = await Bun.file(join(import.meta.dir, "../../../examples/hono-service/Dockerfile")).text();

describe("Dockerfile instructions", () => {
  test("comments and blank lines dropped, continued lines joined, heredoc bodies skipped", () => {
    const text = [
      "# syntax comment",
      "FROM oven/bun:1 AS base",
      "RUN mkdir -p /a \\",
      "  # a comment inside",
      "  && echo done",
      "COPY <<EOF /etc/motd",
      "FROM not-an-instruction",
      "EOF",
      "copy a.ts b.ts /app/",
    ].join("\n");
    expect(dockerfileInstructions(text)).toEqual([
      { keyword: "FROM", args: "oven/bun:1 AS base", line: 2 },
      { keyword: "RUN", args: "mkdir -p /a && echo done", line: 3 },
      { keyword: "COPY", args: "<<EOF /etc/motd", line: 6 },
      { keyword: "COPY", args: "a.ts b.ts /app/", line: 9 },
    ]);
  });

  test("a `# escape=` directive changes the continuation character", () => {
    const text = "# escape=`\nFROM x\nRUN a `\n  b\n";
    expect(dockerfileInstructions(text).at(-1)).toEqual({ keyword: "RUN", args: "a b", line: 3 });
  });
});

describe("COPY/ADD sources read from the context", () => {
  test("Bun's guide reads package.json, bun.lock (twice) and . ; --from stages read nothing", () => {
    expect(copySources(dockerfileInstructions(guide)).map((s) => `${s.source}@${s.line}`)).toEqual([
      "package.json@10",
      "bun.lock@10",
      "package.json@15",
      "bun.lock@15",
      ".@22",
    ]);
  });

  test("JSON form, flags, URLs, variables and heredocs", () => {
    const text = [
      'COPY --chown=bun:bun ["a b.txt", "c.txt", "/app/"]',
      "ADD https://example.com/x.tgz /x/",
      "COPY $SRC /app/",
      "COPY <<EOF /x",
      "hi",
      "EOF",
      "ADD --chmod=644 d.txt /d",
    ].join("\n");
    expect(copySources(dockerfileInstructions(text)).map((s) => `${s.keyword} ${s.source}`)).toEqual([
      "COPY a b.txt",
      "COPY c.txt",
      "ADD d.txt",
    ]);
  });
});

describe("FROM images", () => {
  test("stages and build arguments are not images", () => {
    const text =
      "ARG BASE=x\nFROM $BASE\nFROM oven/bun:1 AS base\nFROM base AS install\nFROM scratch\nFROM --platform=linux/amd64 node:22 AS n\n";
    expect(fromImages(dockerfileInstructions(text))).toEqual([
      { image: "oven/bun:1", line: 3 },
      { image: "node:22", line: 6 },
    ]);
  });

  test("Bun's image tags name a version, a range or the latest", () => {
    const range = (ref: string) => bunImageTag(ref)?.versionRange ?? null;
    expect(range("oven/bun:1.2.3-slim")).toBe("1.2.3");
    expect(range("oven/bun:1.2-alpine")).toBe("1.2");
    expect(range("oven/bun:1")).toBe("1");
    expect(range("docker.io/oven/bun:1-distroless")).toBe("1");
    expect(range("oven/bun")).toBe("latest");
    expect(range("oven/bun:slim")).toBe("latest");
    expect(range("oven/bun:canary")).toBe("");
    expect(range("oven/bun@sha256:abc")).toBe("");
    expect(range("node:22")).toBeNull();
    expect(range("oven/bunny:1")).toBeNull();
  });
});
