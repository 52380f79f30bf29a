/** A problem found after merging, at a path of the merged body. */
export type BodyIssue = { path: PropertyKey[]; message: string; input?: unknown };
