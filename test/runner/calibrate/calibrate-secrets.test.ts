import { describe, expect, test } from "bun:test";
import {
  HeaderLines,
  jwtExpiryMs,
  runTokenCommand,
  SecretHeaders,
} from "../../../runner/calibrate/calibrate-secrets.ts";
import { CloudRunAuthError } from "../../../runner/cloudrun/cloud-run-auth.ts";

/** An unsigned JWT whose payload expires at expSeconds (only exp is read). */
export function jwt(expSeconds: number, subject = "someone"): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "RS256" })}.${part({ exp: expSeconds, sub: subject })}.c2lnbmF0dXJl`;
}

describe("--header values", () => {
  test("each 'Name: value' line becomes a header; a bad one is named by number, never by value", () => {
    expect(HeaderLines.parse("X-Api-Key: abc123\nX-Other:  two words ")).toEqual([
      ["X-Api-Key", "abc123"],
      ["X-Other", "two words"],
    ]);
    for (const [bad, said] of [
      ["X-Api-Key abc-secret-1", "--header number 1: expected 'Name: value'"],
      ["X: ok\nHost: abc-secret-1", "--header number 2: Host is set by the client itself"],
      ["X-Empty:   ", "expected a non-empty one-line value"],
    ] as const) {
      const result = HeaderLines.safeParse(bad);
      expect(result.success).toBe(false);
      const message = result.error?.issues.map((issue) => issue.message).join(" ") ?? "";
      expect(message).toContain(said);
      expect(message).not.toContain("abc-secret-1");
    }
  });
});

describe("the bearer token", () => {
  test("a JWT's exp is read; anything else has none", () => {
    expect(jwtExpiryMs(jwt(2_000_000_000))).toBe(2_000_000_000_000);
    expect(jwtExpiryMs("opaque-token")).toBeNull();
    expect(jwtExpiryMs("a.b.c")).toBeNull();
  });

  test("it is fetched before the first step and again only when it would expire within a step and a minute", async () => {
    let now = 1_000_000_000_000;
    const calls: string[] = [];
    const secrets = new SecretHeaders(
      [["X-Extra", "extra-value-1"]],
      "print-token",
      async (command) => {
        calls.push(command);
        return jwt(now / 1000 + 300, `call${calls.length}`);
      },
      () => now,
    );
    const first = await secrets.current(10_000);
    expect(first["X-Extra"]).toBe("extra-value-1");
    expect(first.Authorization?.startsWith("Bearer ")).toBe(true);
    now += 200_000; // 100 s left: still more than 10 s + 60 s
    expect((await secrets.current(10_000)).Authorization).toBe(first.Authorization as string);
    now += 50_000; // 50 s left: fetched again
    const second = await secrets.current(10_000);
    expect(second.Authorization).not.toBe(first.Authorization as string);
    expect(calls).toEqual(["print-token", "print-token"]);
    // Every value held so far is redacted, the old token included.
    const text = `a ${first.Authorization} b ${second.Authorization} c extra-value-1`;
    expect(secrets.redact(text)).toBe("a Bearer <redacted> b Bearer <redacted> c <redacted>");
    expect(secrets.describe()).toBe(
      "headers Authorization (bearer token from --token-command), X-Extra (values <redacted>)",
    );
  });

  test("an empty, multi-word or expired token, or a token command beside an Authorization header, is refused", async () => {
    const with_ = (token: string) => new SecretHeaders([], "t", async () => token).current(1000);
    await expect(with_("")).rejects.toBeInstanceOf(CloudRunAuthError);
    await expect(with_("two words")).rejects.toThrow("more than one word");
    await expect(with_(jwt(1))).rejects.toThrow("already expired");
    expect(() => new SecretHeaders([["Authorization", "Bearer x"]], "t")).toThrow("give one");
  });

  test("the real token command runs in a shell; a failing one names its exit, not its output", async () => {
    expect(await runTokenCommand("printf ' tok-123 \\n'")).toBe("tok-123");
    await expect(runTokenCommand("echo nope >&2; exit 3")).rejects.toThrow("--token-command exited 3 (nope)");
  });
});
