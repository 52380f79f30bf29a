/** A topic/subscription name no other run on the same service uses: `<prefix>-<time>-<random>`. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
}
