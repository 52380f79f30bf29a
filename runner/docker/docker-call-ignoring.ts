import { toDockerError } from "./to-docker-error.ts";

/** Runs one engine request where some HTTP statuses mean "already done" (e.g. 404 on remove). */
export async function dockerCallIgnoring(
  action: string,
  fn: () => Promise<unknown>,
  codes: number[],
): Promise<void> {
  try {
    await fn();
  } catch (error) {
    if (codes.includes((error as { statusCode?: number }).statusCode ?? 0)) return;
    throw toDockerError(action, error);
  }
}
