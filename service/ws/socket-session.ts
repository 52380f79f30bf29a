import { z } from "zod";
import type { Message, PubSub, Subscription } from "../../engine/index.ts";
import {
  CLOSE_ABNORMAL,
  CLOSE_SUBSCRIPTION_GONE,
  MAX_FRAME_BYTES,
  MAX_MESSAGES_PER_FRAME,
} from "../service-defaults.ts";
import type { SocketCounters } from "../stats/socket-counters.ts";

export interface SessionFlow {
  maxOutstandingMessages: number;
  maxOutstandingBytes: number;
  /** Test knob (0 = off): every Nth delivery is held but never sent, a loss the client must detect. */
  testDropEveryN?: number;
}

/**
 * One WebSocket subscriber: a streaming pull on the engine (whose flow control stops delivery at the
 * socket's unacked limit), a local queue for what the engine delivered while the socket was backpressured,
 * and the id → delivery map that acks and nacks resolve against.
 */
export class SocketSession {
  private readonly unacked = new Map<string, Message>();
  private readonly pending: Message[] = [];
  private pendingHead = 0;
  private flushScheduled = false;
  private blocked = false;
  private handle: Subscription | null = null;
  private sender: FrameSender | null = null;
  private deliveries = 0;

  constructor(
    readonly subscription: string,
    private readonly pubsub: PubSub,
    private readonly flow: SessionFlow,
    private readonly counters: SocketCounters,
  ) {}

  get unackedCount(): number {
    return this.unacked.size;
  }

  open(sender: FrameSender): void {
    this.sender = sender;
    const handle = this.pubsub.subscription(this.subscription, {
      flowControl: { maxMessages: this.flow.maxOutstandingMessages, maxBytes: this.flow.maxOutstandingBytes },
    });
    this.handle = handle;
    handle.on("error", (error: Error) => sender.close(CLOSE_SUBSCRIPTION_GONE, error.message.slice(0, 120)));
    handle.on("message", this.onMessage);
  }

  private readonly onMessage = (m: Message): void => {
    this.unacked.set(m.id, m);
    const dropEvery = this.flow.testDropEveryN ?? 0;
    if (dropEvery > 0 && ++this.deliveries % dropEvery === 0) return;
    this.pending.push(m);
    if (!this.flushScheduled && !this.blocked) {
      this.flushScheduled = true;
      queueMicrotask(this.flush);
    }
  };

  /** Writes pending deliveries in frames until done or the socket reports backpressure. */
  private readonly flush = (): void => {
    this.flushScheduled = false;
    const sender = this.sender;
    const pending = this.pending;
    while (sender !== null && !this.blocked && this.pendingHead < pending.length) {
      const parts: string[] = [];
      let bytes = 0;
      while (this.pendingHead < pending.length && parts.length < MAX_MESSAGES_PER_FRAME) {
        const m = pending[this.pendingHead] as Message;
        if (parts.length > 0 && bytes + m.size > MAX_FRAME_BYTES) break;
        parts.push(messageJson(m));
        bytes += m.size;
        this.pendingHead++;
      }
      const status = sender.send(`{"type":"messages","messages":[${parts.join(",")}]}`);
      if (status === 0) return; // the socket is closing; close() nacks what it held
      this.counters.framesSent++;
      if (status === -1) {
        this.blocked = true;
        this.counters.backpressureEvents++;
      }
    }
    if (this.pendingHead === pending.length) {
      pending.length = 0;
      this.pendingHead = 0;
    }
  };

  /** The socket drained its send buffer: resume writing. */
  drain(): void {
    this.blocked = false;
    this.flush();
  }

  /** A client frame: acks and nacks by message id; a bad frame gets an error frame, the socket stays. */
  receive(text: string): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      this.reject(`Frame is not valid JSON: ${(error as Error).message}`);
      return;
    }
    const parsed = clientFrameSchema.safeParse(value);
    if (!parsed.success) {
      this.reject(
        `Invalid frame (expected {"ack": [ids], "nack": [ids]}):\n${z.prettifyError(parsed.error)}`,
      );
      return;
    }
    for (const id of parsed.data.ack ?? []) this.settle(id, true);
    for (const id of parsed.data.nack ?? []) this.settle(id, false);
  }

  private settle(id: string, ack: boolean): void {
    const m = this.unacked.get(id);
    if (m === undefined) {
      this.counters.staleAcks++;
      return;
    }
    this.unacked.delete(id);
    if (ack) {
      this.counters.acks++;
      m.ack();
    } else {
      this.counters.nacks++;
      m.nack();
    }
  }

  private reject(message: string): void {
    this.counters.badFrames++;
    this.sender?.send(JSON.stringify({ type: "error", message }));
  }

  /** Asks the client side to close (shutdown); close() follows from the socket's close event. */
  closeSocket(code: number, reason: string): void {
    this.sender?.close(code, reason);
  }

  /** Socket gone (code 1006: without a close frame): stop the pull; the engine redelivers what it still held. */
  close(code?: number): void {
    if (code === CLOSE_ABNORMAL) this.counters.abruptCloses++;
    this.counters.unackedReleasedOnClose += this.unacked.size;
    const handle = this.handle;
    this.handle = null;
    this.sender = null;
    this.pending.length = 0;
    this.pendingHead = 0;
    this.unacked.clear();
    if (handle !== null) {
      void handle.close();
      handle.removeAllListeners();
    }
  }
}

/** What a subscriber sends: message ids to ack and/or nack (nack = redeliver now). */
export const clientFrameSchema = z
  .strictObject({
    ack: z.array(z.string()).optional(),
    nack: z.array(z.string()).optional(),
  })
  .refine((frame) => frame.ack !== undefined || frame.nack !== undefined, {
    message: 'A frame needs "ack" and/or "nack": {"ack": ["<message id>", ...]}',
  });

export type ClientFrame = z.infer<typeof clientFrameSchema>;

/** The part of Bun's ServerWebSocket a session writes to: send returns -1 (backpressure), 0 (dropped) or bytes. */
export interface FrameSender {
  send(data: string): number;
  close(code?: number, reason?: string): void;
}

/** One delivered message as the subscriber sees it; data goes back as the text it was published as. */
export function messageJson(m: Message): string {
  return JSON.stringify({
    id: m.id,
    data: m.data.toString("utf8"),
    attributes: m.attributes,
    orderingKey: m.orderingKey === "" ? undefined : m.orderingKey,
    publishTime: new Date(m.publishTimeMs).toISOString(),
    deliveryAttempt: m.deliveryAttempt,
  });
}
