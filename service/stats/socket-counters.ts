/** Service-wide WebSocket counters (the engine counts messages; these count sockets and frames). */
export interface SocketCounters {
  /** Sockets open now. */
  open: number;
  opened: number;
  closed: number;
  /** Sockets that closed without a close frame (code 1006: the peer cut the connection). */
  abruptCloses: number;
  /** Deliveries a socket still held unacked when it closed: handed back to the engine for redelivery. */
  unackedReleasedOnClose: number;
  /** Upgrade requests answered with an error instead of a socket. */
  refused: number;
  framesSent: number;
  /** ws.send reported backpressure: delivery to that socket paused until it drained. */
  backpressureEvents: number;
  acks: number;
  nacks: number;
  /** Acks/nacks naming an id this socket does not hold (already acked, expired or never delivered). */
  staleAcks: number;
  badFrames: number;
}

export function newSocketCounters(): SocketCounters {
  return {
    open: 0,
    opened: 0,
    closed: 0,
    abruptCloses: 0,
    unackedReleasedOnClose: 0,
    refused: 0,
    framesSent: 0,
    backpressureEvents: 0,
    acks: 0,
    nacks: 0,
    staleAcks: 0,
    badFrames: 0,
  };
}
