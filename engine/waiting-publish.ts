import type { Attributes } from "./message.ts";

/** A publish held back by publisher flow control until outstanding messages or bytes fall below the limits. */
export interface WaitingPublish {
  data: Buffer;
  attributes: Attributes;
  size: number;
  key: string;
  resolve: (id: string) => void;
  reject: (error: Error) => void;
}
