/** A resource name no other step or worker uses: `<prefix>-<time>-<random>-w<worker>`. */
export function uniqueName(prefix: string, worker: number): string {
  const random = Math.floor(Math.random() * 1e6).toString(36);
  return `${prefix}-${Date.now().toString(36)}-${random}-w${worker}`;
}
