import { toDockerError } from "./to-docker-error.ts";

/** Runs one engine request; any failure becomes a typed Docker error naming the action. */
export async function dockerCall<T>(action: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw toDockerError(action, error);
  }
}
