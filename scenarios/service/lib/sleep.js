/** Awaitable timer (k6's sleep() blocks the VU's event loop, and with it the sockets). */
export function sleepMs(ms) {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
