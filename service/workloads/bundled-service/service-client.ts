import { z } from "zod";
import type { StepInfo } from "../../../generator/api/workload.ts";
import { ServiceStats } from "./service-stats.ts";

/** Admin calls get at least 5 s: a step's timeoutMs is sized from a paced step's SLO and may be less. */
export const MIN_CALL_TIMEOUT_MS = 5000;

const PublishAnswer = z.looseObject({ messageIds: z.array(z.string()).min(1) });

export interface Published {
  /** HTTP 200 with a message id. */
  ok: boolean;
  messageId: string | null;
}

/** The bundled service's HTTP API as the fixed-shape workloads use it; every call is bounded by callTimeoutMs. */
export interface ServiceClient {
  callTimeoutMs: number;
  /** Where the service is: loopback, or under `calibrate` the revision's host over TLS with its headers. */
  target: ServiceTarget;
  /** ws://127.0.0.1:<port><path>, or wss://<host>:<port><path> under calibrate */
  wsUrl(path: string): string;
  /** A WebSocket to path on the target, with its headers and TLS settings. */
  openSocket(path: string): WebSocket;
  /** A call that must answer 2xx; anything else throws an Error naming `what`. */
  must(method: string, path: string, what: string, body?: unknown): Promise<unknown>;
  stats(): Promise<ServiceStats>;
  /** A topic and a subscription on it, both called `name`. */
  createQueue(name: string, options?: Record<string, unknown>): Promise<void>;
  /** Deletes the subscription and topic `name`; failures ignored (the run's figures are already taken). */
  deleteQueue(name: string): Promise<void>;
  /** One message; a network error, a timeout or a status other than 200 is not ok. */
  publish(topic: string, body: string): Promise<Published>;
}

/** The step's target, as every bundled module reaches it (HTTP/1.1, h2, WebSocket alike). */
export interface ServiceTarget {
  host: string;
  port: number;
  /** null: plain TCP on loopback; under calibrate, TLS (insecure: a self-signed loopback stand-in). */
  tls: { insecure: boolean } | null;
  /** Sent with every request (calibrate's auth); {} on loopback. */
  headers: Readonly<Record<string, string>>;
  /** Under calibrate --instance-header: the response header carrying the instance id (the HTTP/1.1 clients collect it). */
  watchHeader: string | null;
  /** false: a revision under calibrate (TLS), reached only on the step's own port. */
  loopback: boolean;
}

export function serviceTarget(step: StepInfo): ServiceTarget {
  const host = step.host ?? "127.0.0.1";
  return {
    host,
    port: step.port,
    tls: step.tls ?? null,
    headers: step.headers ?? {},
    watchHeader: step.watchHeader ?? null,
    // A local cell reaches the service in its namespace over plain TCP; calibrate always over TLS, on the URL's port.
    loopback: (step.tls ?? null) === null,
  };
}

export function serviceClient(step: StepInfo): ServiceClient {
  const callTimeoutMs = Math.max(MIN_CALL_TIMEOUT_MS, step.timeoutMs);
  const target = serviceTarget(step);
  const tls = target.tls ? { rejectUnauthorized: !target.tls.insecure } : undefined;
  const send = (method: string, path: string, body?: string) =>
    fetch(`${step.baseUrl}${path}`, {
      method,
      body,
      headers: { ...target.headers, "content-type": "application/json" },
      signal: AbortSignal.timeout(callTimeoutMs),
      ...(tls ? { tls } : {}),
    });
  const must = async (method: string, path: string, what: string, body?: unknown) => {
    const res = await send(method, path, body === undefined ? undefined : JSON.stringify(body));
    const text = await res.text();
    if (res.status < 200 || res.status >= 300)
      throw new Error(`${what}: ${method} ${path} answered HTTP ${res.status} ${text.slice(0, 300)}`);
    return text === "" ? null : JSON.parse(text);
  };
  return {
    callTimeoutMs,
    target,
    wsUrl: (path) => `${step.baseUrl.replace(/^http/, "ws")}${path}`,
    openSocket: (path) =>
      new WebSocket(`${step.baseUrl.replace(/^http/, "ws")}${path}`, {
        headers: { ...target.headers },
        ...(tls ? { tls } : {}),
      } as unknown as string[]),
    must,
    async stats() {
      const parsed = ServiceStats.safeParse(await must("GET", "/admin/stats", "service stats"));
      if (!parsed.success)
        throw new Error(`GET /admin/stats answered an unexpected body:\n${z.prettifyError(parsed.error)}`);
      return parsed.data;
    },
    async createQueue(name, options = {}) {
      await must("PUT", `/admin/topics/${name}`, `create topic ${name}`);
      await must("PUT", `/admin/subscriptions/${name}`, `create subscription ${name}`, {
        topic: name,
        ...options,
      });
    },
    async deleteQueue(name) {
      for (const path of [`/admin/subscriptions/${name}`, `/admin/topics/${name}`])
        await send("DELETE", path)
          .then((res) => res.arrayBuffer())
          .catch(() => undefined);
    },
    async publish(topic, body) {
      try {
        const res = await send("POST", `/topics/${topic}/publish`, body);
        const text = await res.text();
        if (res.status !== 200) return { ok: false, messageId: null };
        const answer = PublishAnswer.safeParse(JSON.parse(text));
        return answer.success
          ? { ok: true, messageId: answer.data.messageIds[0] ?? null }
          : { ok: false, messageId: null };
      } catch {
        return { ok: false, messageId: null };
      }
    },
  };
}

/** Resolves after `ms` (at once when it is not positive). */
export function sleepMs(ms: number): Promise<void> {
  return ms > 0 ? Bun.sleep(ms) : Promise.resolve();
}

/** A topic/subscription name no other run on the same service uses: `<prefix>-<time>-<random>`. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/**
 * Drops the socket's TCP connection without a close frame (the service sees code 1006). Bun's client has
 * terminate(); the project's DOM typings hide it.
 */
export function cutSocket(ws: WebSocket): void {
  (ws as unknown as Bun.WebSocket).terminate();
}
