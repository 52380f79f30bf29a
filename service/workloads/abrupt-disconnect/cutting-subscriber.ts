import { cutSocket } from "../bundled-service/service-client.ts";
import { deliveredIds } from "./messages-frame.ts";

/** How often due acks are sent (at most ack-delay-ms apart): one timer per socket, not per frame. */
const ACK_TICK_MS = 10;

export interface SubscriberTally {
  connected: boolean;
  /** Deliveries seen, the frame that triggered the cut included. */
  received: number;
  acksSent: number;
  /** Cut without a close frame on its first frame after dropAtMs. */
  droppedAbruptly: boolean;
  /** No frame came within graceMs after dropAtMs: closed the ordinary way instead. */
  closedOrderly: boolean;
}

export interface CuttingSubscriber {
  /** Settles when the socket is cut, closed or gone; by dropAtMs + graceMs at the latest. */
  done: Promise<SubscriberTally>;
  /** Closes it now if still open (a failed run's cleanup). */
  stop(): void;
}

/**
 * A subscriber that acks each frame ackDelayMs after it came; its first frame at or after dropAtMs (epoch) cuts the
 * TCP connection without a close frame, leaving its pending acks unsent.
 */
export function cuttingSubscriber(
  url: string,
  times: { dropAtMs: number; graceMs: number; ackDelayMs: number },
): CuttingSubscriber {
  const ws = new WebSocket(url);
  const tally: SubscriberTally = {
    connected: false,
    received: 0,
    acksSent: 0,
    droppedAbruptly: false,
    closedOrderly: false,
  };
  /** [due epoch ms, ids] in arrival order. */
  const due: Array<[number, string[]]> = [];
  const closeOrCut = () => (ws.readyState === WebSocket.OPEN ? ws.close() : cutSocket(ws));
  let gone = false;
  let settle: (t: SubscriberTally) => void = () => {};
  const done = new Promise<SubscriberTally>((resolve) => {
    settle = resolve;
  });
  const sendDue = () => {
    for (let head = due[0]; head !== undefined && head[0] <= Date.now(); head = due[0]) {
      if (gone || ws.readyState !== WebSocket.OPEN) return;
      due.shift();
      ws.send(JSON.stringify({ ack: head[1] }));
      tally.acksSent += head[1].length;
    }
  };
  const ticker = setInterval(sendDue, Math.max(1, Math.min(ACK_TICK_MS, times.ackDelayMs)));
  const end = () => {
    gone = true;
    clearInterval(ticker);
    clearTimeout(fallback);
    settle(tally);
  };
  const fallback = setTimeout(
    () => {
      tally.closedOrderly = true;
      end();
      closeOrCut();
    },
    Math.max(0, times.dropAtMs + times.graceMs - Date.now()),
  );
  ws.onopen = () => {
    tally.connected = true;
  };
  ws.onclose = () => {
    if (!gone) end();
  };
  ws.onmessage = (event) => {
    const ids = deliveredIds(event.data);
    if (ids === null || gone) return;
    tally.received += ids.length;
    if (Date.now() >= times.dropAtMs) {
      tally.droppedAbruptly = true;
      end();
      cutSocket(ws);
      return;
    }
    due.push([Date.now() + times.ackDelayMs, ids]);
    if (times.ackDelayMs === 0) sendDue();
  };
  return {
    done,
    stop() {
      if (gone) return;
      end();
      closeOrCut();
    },
  };
}
