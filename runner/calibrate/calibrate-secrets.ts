import { z } from "zod";
import { SECRET_SHOWN } from "../cli/flags.ts";
import { CloudRunAuthError } from "../cloudrun/cloud-run-auth.ts";

/** What every secret value is replaced by in output, errors and files. */
export const REDACTED = SECRET_SHOWN;
/** A token is fetched again when it expires within this much of a step's own deadline. */
const REFRESH_MARGIN_MS = 60_000;
/** A token whose expiry cannot be read (not a JWT) is fetched again after this long. */
const OPAQUE_TOKEN_LIFE_MS = 5 * 60_000;
/** The token command must finish within this (gcloud prints a cached token in about a second). */
const TOKEN_COMMAND_TIMEOUT_MS = 60_000;
const MAX_HEADERS = 20;
const MAX_TOKEN_CHARS = 16_384;
/** The client writes these itself: a user's value would break the request's framing or target. */
const RESERVED = new Set(["host", "content-length", "transfer-encoding", "connection", "upgrade"]);
const TOKEN_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$/;

/** `--header` values, one a line (the flag is repeatable): `Name: value` each, never shown in a message. */
export const HeaderLines = z.string().transform((text, ctx) => {
  const lines = text.split("\n");
  const headers: [string, string][] = [];
  if (lines.length > MAX_HEADERS)
    ctx.addIssue({ code: "custom", message: `at most ${MAX_HEADERS} --header flags are accepted` });
  lines.forEach((line, index) => {
    const colon = line.indexOf(":");
    const name = colon === -1 ? "" : line.slice(0, colon).trim();
    const value = colon === -1 ? "" : line.slice(colon + 1).trim();
    const which = `--header number ${index + 1}`;
    if (!TOKEN_NAME.test(name))
      ctx.addIssue({
        code: "custom",
        message: `${which}: expected 'Name: value' with a header name before ':'`,
      });
    else if (RESERVED.has(name.toLowerCase()))
      ctx.addIssue({ code: "custom", message: `${which}: ${name} is set by the client itself` });
    else if (value === "" || /[\r\n\0]/.test(value))
      ctx.addIssue({ code: "custom", message: `${which} (${name}): expected a non-empty one-line value` });
    else headers.push([name, value]);
  });
  return headers;
});

/** The JWT's `exp` in epoch ms, or null when the token is not a JWT with one. */
export function jwtExpiryMs(token: string): number | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  try {
    const payload = JSON.parse(Buffer.from(parts[1] as string, "base64url").toString("utf8"));
    return typeof payload?.exp === "number" && Number.isFinite(payload.exp) ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Runs the token command in a shell, bounded in time; its trimmed stdout is the token. */
export type RunTokenCommand = (command: string, signal?: AbortSignal) => Promise<string>;

export const runTokenCommand: RunTokenCommand = async (command, signal) => {
  const child = Bun.spawn(["sh", "-c", command], { stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  const timer = setTimeout(() => child.kill("SIGKILL"), TOKEN_COMMAND_TIMEOUT_MS);
  const onAbort = () => child.kill("SIGKILL");
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const [stdout, stderr, code] = await Promise.all([
      new Response(child.stdout).text(),
      new Response(child.stderr).text(),
      child.exited,
    ]);
    const token = stdout.trim();
    if (code !== 0) {
      const said = stderr
        .trim()
        .split("\n")[0]
        ?.replaceAll(token || "\0", REDACTED)
        .slice(0, 200);
      throw new CloudRunAuthError(
        `--token-command exited ${code}${said ? ` (${said})` : ""}: no token to send. Next step: run it yourself (e.g. gcloud auth print-identity-token) and log in if it asks`,
      );
    }
    return token;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
};

/**
 * The headers sent with every request of a calibration: the fixed `--header`s and, with `--token-command`, a bearer
 * token fetched before the first step and again before it expires. It also redacts: every value it has held is
 * replaced by <redacted> in any text passed through `redact`.
 */
export class SecretHeaders {
  private readonly seen = new Set<string>();
  private token: { value: string; expiresMs: number } | null = null;

  constructor(
    private readonly fixed: readonly [string, string][],
    private readonly tokenCommand: string | null,
    private readonly run: RunTokenCommand = runTokenCommand,
    private readonly nowMs: () => number = Date.now,
  ) {
    for (const [, value] of fixed) this.seen.add(value);
    if (tokenCommand !== null && fixed.some(([name]) => name.toLowerCase() === "authorization"))
      throw new CloudRunAuthError(
        "--token-command and --header 'Authorization: ...' both set the Authorization header: give one",
      );
  }

  /** What the calibration says it sent: header names and whether a token was, never a value. */
  describe(): string {
    const names = [
      ...(this.tokenCommand === null ? [] : ["Authorization (bearer token from --token-command)"]),
      ...this.fixed.map(([name]) => name),
    ];
    return names.length === 0 ? "no auth headers" : `headers ${names.join(", ")} (values ${REDACTED})`;
  }

  /** The headers for a step that may run `validForMs` from now; fetches the token again if it would expire. */
  async current(validForMs: number, signal?: AbortSignal): Promise<Record<string, string>> {
    const headers: Record<string, string> = Object.fromEntries(this.fixed);
    if (this.tokenCommand === null) return headers;
    const now = this.nowMs();
    if (this.token === null || this.token.expiresMs - now < validForMs + REFRESH_MARGIN_MS) {
      const value = await this.run(this.tokenCommand, signal);
      if (value === "" || value.length > MAX_TOKEN_CHARS || /\s/.test(value))
        throw new CloudRunAuthError(
          `--token-command printed ${value === "" ? "nothing" : "more than one word"}: expected one token on stdout (e.g. gcloud auth print-identity-token)`,
        );
      this.seen.add(value);
      const expiresMs = jwtExpiryMs(value) ?? now + OPAQUE_TOKEN_LIFE_MS;
      if (expiresMs <= now)
        throw new CloudRunAuthError("--token-command printed a token that has already expired (its JWT exp)");
      this.token = { value, expiresMs };
    }
    headers.Authorization = `Bearer ${this.token.value}`;
    return headers;
  }

  get hasToken(): boolean {
    return this.tokenCommand !== null;
  }

  /** text with every secret value held so far replaced by <redacted>. */
  redact(text: string): string {
    let out = text;
    for (const value of this.seen) if (value.length >= 4) out = out.replaceAll(value, REDACTED);
    return out;
  }
}
