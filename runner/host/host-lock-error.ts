/** The host lock could not be taken (no flock): says how to go on. */
export class HostLockError extends Error {
  override readonly name = "HostLockError";
  constructor(path: string) {
    super(`could not lock ${path} with flock (is util-linux installed?); or run with --no-host-lock`);
  }
}
