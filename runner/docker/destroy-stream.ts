/** Ends a Docker response stream (stats, events) from our side. */
export function destroyStream(stream: NodeJS.ReadableStream): void {
  (stream as unknown as { destroy?: () => void }).destroy?.();
}
