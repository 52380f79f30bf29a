import { z } from "zod";

/** The service's frames as far as a subscriber reads them: deliveries by id, and error frames. */
const Frame = z.union([
  z.object({ type: z.literal("messages"), messages: z.array(z.object({ id: z.string() })) }),
  z.object({ type: z.literal("error"), message: z.string() }),
]);

export interface SubscriberOptions {
  /** Opens the socket to /subscriptions/<name> (ServiceClient.openSocket: loopback, or the revision under calibrate). */
  connect(): WebSocket;
  openTimeoutMs: number;
  now(): number;
  log(line: string): void;
  /** Called after the ids were acked. */
  onDelivered(ids: string[], atMs: number): void;
}

/**
 * A subscriber on Bun's WebSocket client that acks every delivery at once; resolves with the open socket, or null
 * when it did not open within openTimeoutMs (counted as an error by the caller).
 */
export function openSubscriber(options: SubscriberOptions): Promise<WebSocket | null> {
  return new Promise((resolve) => {
    const ws = options.connect();
    let opened = false;
    const timer = setTimeout(() => {
      ws.close();
      resolve(null);
    }, options.openTimeoutMs);
    ws.onopen = () => {
      opened = true;
      clearTimeout(timer);
      resolve(ws);
    };
    ws.onerror = () => {
      clearTimeout(timer);
      if (!opened) resolve(null);
    };
    ws.onclose = (event) => {
      if (opened && !closing.has(ws)) options.log(`subscriber ${ws.url} closed (${event.code})`);
    };
    // Per frame: one parse, one ack for all its deliveries, then the tracker (no per-delivery sends).
    ws.onmessage = (event) => {
      const atMs = options.now();
      const frame = Frame.safeParse(parseJson(event.data));
      if (!frame.success) return;
      if (frame.data.type === "error") return options.log(`subscriber ${ws.url}: ${frame.data.message}`);
      const messages = frame.data.messages;
      const ids = new Array<string>(messages.length);
      for (let i = 0; i < messages.length; i++) ids[i] = (messages[i] as { id: string }).id;
      ws.send(JSON.stringify({ ack: ids }));
      options.onDelivered(ids, atMs);
    };
  });
}

/** A text frame's JSON, or undefined (not JSON, or binary): the frame schema then rejects it. */
function parseJson(data: unknown): unknown {
  try {
    return typeof data === "string" ? JSON.parse(data) : undefined;
  } catch {
    return undefined;
  }
}

/** Sockets closed on purpose, so their close is not reported. */
const closing = new WeakSet<WebSocket>();

export function closeSubscriber(ws: WebSocket): void {
  closing.add(ws);
  ws.close();
}
