/** The part of Bun's ServerWebSocket a session writes to: send returns -1 (backpressure), 0 (dropped) or bytes. */
export interface FrameSender {
  send(data: string): number;
  close(code?: number, reason?: string): void;
}
