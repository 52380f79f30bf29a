/** One paced operation; also the `slot` a Send gets (its intended time and an early release of its slot). */
export class Operation {
  settled = false;
  holdsSlot = true;
  /** When send() returned: the service's part runs from here to the completion. */
  leftMs = 0;
  readonly release: () => void;

  constructor(
    readonly index: number,
    readonly intendedMs: number,
    readonly sentMs: number,
    onRelease: (operation: Operation) => void,
  ) {
    // An arrow, so a Send may pass `slot.release` around detached.
    this.release = () => {
      if (this.holdsSlot) onRelease(this);
    };
  }
}
