/** One way to damage a stored run: what it does to run "bad" and which file the error must name. */
export type Damage = {
  name: string;
  apply: (runDir: string) => Promise<void>;
  names: (runDir: string) => string;
};
