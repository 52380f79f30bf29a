import type { RunningService } from "../../../service/start-service.ts";

export interface Delivered {
  id: string;
  data: string;
  attributes: Record<string, string>;
  orderingKey?: string;
  publishTime: string;
  deliveryAttempt: number;
}

/** A WebSocket subscriber for tests: collects deliveries and error frames, acks on request. */
export class TestSubscriber {
  readonly messages: Delivered[] = [];
  readonly errors: string[] = [];
  closeCode: number | null = null;
  private waiters: Array<() => void> = [];

  private constructor(readonly socket: WebSocket) {
    socket.addEventListener("message", (event) => {
      const frame = JSON.parse(String(event.data));
      if (frame.type === "messages") this.messages.push(...frame.messages);
      else if (frame.type === "error") this.errors.push(frame.message);
      this.wake();
    });
    socket.addEventListener("close", (event) => {
      this.closeCode = event.code;
      this.wake();
    });
  }

  static async open(service: RunningService, sub: string, query = ""): Promise<TestSubscriber> {
    const socket = new WebSocket(`${service.url.replace("http", "ws")}/subscriptions/${sub}${query}`);
    const subscriber = new TestSubscriber(socket);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener("open", () => resolve());
      socket.addEventListener("error", () => reject(new Error(`could not open subscriber on ${sub}`)));
    });
    return subscriber;
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Waits until `done()` holds (checked on every frame), failing after timeoutMs. */
  async until(done: () => boolean, timeoutMs = 2000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`timed out; have ${this.messages.length} messages, close ${this.closeCode}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, Math.min(left, 50));
      });
    }
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  close(): void {
    this.socket.close();
  }
}
