/** An engine address that is neither unix:///path nor tcp://host:port. */
export class EngineAddressError extends Error {
  override readonly name = "EngineAddressError";
  constructor(address: string) {
    super(
      `engine address ${JSON.stringify(address)}: expected unix:///path or tcp://host:port; fix it and run again`,
    );
  }
}
