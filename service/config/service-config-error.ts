/** Bad service configuration: the message names each variable, its value and what is allowed. */
export class ServiceConfigError extends Error {
  override readonly name = "ServiceConfigError";
}
