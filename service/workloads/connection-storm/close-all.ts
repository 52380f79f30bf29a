import { cutSocket } from "../bundled-service/service-client.ts";

/** How long closing sockets may take to confirm before the rest are cut. */
const CLOSE_WAIT_MS = 2000;

/**
 * Closes every socket still open or opening (a close frame; one still connecting is cut), resolving when all report
 * closed or CLOSE_WAIT_MS later, when the stragglers are cut.
 */
export async function closeAll(sockets: WebSocket[]): Promise<void> {
  const waits: Promise<void>[] = [];
  for (const ws of sockets) {
    if (ws.readyState === WebSocket.CLOSED) continue;
    waits.push(new Promise((resolve) => ws.addEventListener("close", () => resolve(), { once: true })));
    if (ws.readyState === WebSocket.OPEN) ws.close();
    else if (ws.readyState === WebSocket.CONNECTING) cutSocket(ws);
  }
  if (waits.length === 0) return;
  let timer: Timer | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, CLOSE_WAIT_MS);
  });
  await Promise.race([Promise.all(waits), late]);
  clearTimeout(timer);
  for (const ws of sockets) if (ws.readyState !== WebSocket.CLOSED) cutSocket(ws);
}
