import { z } from "zod";

/** How long a worker socket may take to open. */
const OPEN_TIMEOUT_MS = 5000;

const MessagesFrame = z.looseObject({
  type: z.literal("messages"),
  messages: z.array(z.looseObject({ id: z.string() })),
});

export interface WorkerSocket {
  /** Stops acking (pending work is abandoned) and closes the socket. */
  close(): void;
}

/**
 * A worker: a subscriber socket holding at most `concurrency` messages (maxOutstanding), each acked `workMs` after
 * it arrived. Resolves once open; rejects if it is not open within OPEN_TIMEOUT_MS.
 */
export function openWorker(url: string, workMs: number): Promise<WorkerSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const timers = new Set<Timer>();
    const close = () => {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      ws.close();
    };
    const failed = setTimeout(() => {
      close();
      reject(new Error(`worker socket ${url} did not open within ${OPEN_TIMEOUT_MS} ms`));
    }, OPEN_TIMEOUT_MS);
    ws.onopen = () => {
      clearTimeout(failed);
      resolve({ close });
    };
    ws.onerror = () => {
      clearTimeout(failed);
      reject(new Error(`worker socket ${url} failed to open`));
    };
    ws.onmessage = (event) => {
      const frame = MessagesFrame.safeParse(JSON.parse(String(event.data)));
      if (!frame.success) return;
      for (const m of frame.data.messages) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ ack: [m.id] }));
        }, workMs);
        timers.add(timer);
      }
    };
  });
}
