/**
 * Bytes the HTTP/1.1 client wrote and read in this thread (each step worker is a thread of its own): request lines,
 * headers and bodies out; status lines, headers and bodies in. A step reads them before and after it runs.
 */
export const wireBytes = { sent: 0, received: 0, connections: 0 };

/** The bytes since `from` (a copy taken before the step); null when no HTTP/1.1 connection was ever opened here. */
export function wireBytesSince(from: Readonly<typeof wireBytes>): { sent: number; received: number } | null {
  if (wireBytes.connections === 0) return null;
  return { sent: wireBytes.sent - from.sent, received: wireBytes.received - from.received };
}
