/**
 * Drops the socket's TCP connection without a close frame (the service sees code 1006). Bun's client has
 * terminate(); the project's DOM typings hide it.
 */
export function cutSocket(ws: WebSocket): void {
  (ws as unknown as Bun.WebSocket).terminate();
}
