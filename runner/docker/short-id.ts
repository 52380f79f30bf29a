/** A container id as `docker ps` shows it. */
export function shortId(id: string): string {
  return id.slice(0, 12);
}
