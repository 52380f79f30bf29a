import { z } from "zod";

/** The service's frames as far as a subscriber reads them: deliveries by id, and error frames. */
const Frame = z.union([
  z.object({ type: z.literal("messages"), messages: z.array(z.object({ id: z.string() })) }),
  z.object({ type: z.literal("error"), message: z.string() }),
]);

export interface SubscriberOptions {
  /** ws://127.0.0.1:<port>/subscriptions/<name> */
  url: string;
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
    const ws = new WebSocket(options.url);
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
      if (opened && !closing.has(ws)) options.log(`subscriber ${options.url} closed (${event.code})`);
    };
    ws.onmessage = (event) => {
      const atMs = options.now();
      const frame = Frame.safeParse(JSON.parse(String(event.data)));
      if (!frame.success) return;
      if (frame.data.type === "error") return options.log(`subscriber ${options.url}: ${frame.data.message}`);
      const ids = frame.data.messages.map((m) => m.id);
      ws.send(JSON.stringify({ ack: ids }));
      options.onDelivered(ids, atMs);
    };
  });
}

/** Sockets closed on purpose, so their close is not reported. */
const closing = new WeakSet<WebSocket>();

export function closeSubscriber(ws: WebSocket): void {
  closing.add(ws);
  ws.close();
}
