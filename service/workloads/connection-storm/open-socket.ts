import { cutSocket } from "../bundled-service/service-client.ts";

export interface OpenSocket {
  ws: WebSocket;
  /** Epoch ms the handshake completed. */
  atMs: number;
}

/**
 * One WebSocket to `url`, open by `deadlineMs` (epoch) or cut and null; an error or a close before it opened is
 * null too. Every socket made is added to `made`, so the caller can close them all whatever happens.
 */
export function openSocket(url: string, deadlineMs: number, made: WebSocket[]): Promise<OpenSocket | null> {
  return new Promise((resolve) => {
    let ws: WebSocket;
    try {
      ws = new WebSocket(url);
    } catch {
      resolve(null);
      return;
    }
    made.push(ws);
    let done = false;
    const finish = (value: OpenSocket | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(value);
    };
    const timer = setTimeout(
      () => {
        cutSocket(ws);
        finish(null);
      },
      Math.max(0, deadlineMs - Date.now()),
    );
    ws.onopen = () => finish({ ws, atMs: Date.now() });
    ws.onerror = () => finish(null);
    ws.onclose = () => finish(null);
  });
}
