/** Health paths services commonly answer, tried first, in this order. */
export const HEALTH_PATHS = [
  "/health",
  "/healthz",
  "/readyz",
  "/ready",
  "/livez",
  "/status",
  "/ping",
  "/api/health",
];
const MAX_ROUTES = 16;
/** A string literal that looks like a route: app.get("/hello"), `case "/hello":`, `pathname === "/x"`, routes' keys. */
const ROUTE = /["'`](\/[A-Za-z0-9._~/-]*)["'`]/g;

/** Literal GET paths the entry file names (no parameters or wildcards), in order of appearance. */
export function routesIn(source: string): string[] {
  const found = new Set<string>();
  for (const match of source.matchAll(ROUTE)) {
    const path = match[1] as string;
    if (/\.\w+$/.test(path) || path.includes("//")) continue; // a file or an import, not a route
    found.add(path);
    if (found.size >= MAX_ROUTES) break;
  }
  return [...found];
}

/** Paths `init` tries on the running image: health paths, then the entry file's routes, then `/`. */
export function readyCandidates(source: string | null): string[] {
  const routes = source ? routesIn(source) : [];
  return [...new Set([...HEALTH_PATHS, ...routes, "/"])];
}

/** The ready path: the first health path answering 2xx, else the first route that does, else null. */
export function pickReadyPath(answers: Array<{ path: string; status: number | null }>): string | null {
  const ok = (status: number | null) => status !== null && status >= 200 && status < 300;
  return answers.find((answer) => ok(answer.status))?.path ?? null;
}

/** The scenario's request: the first 2xx route that is not a health path, else the ready path. */
export function pickRequestPath(
  answers: Array<{ path: string; status: number | null }>,
  readyPath: string,
): string {
  const ok = (status: number | null) => status !== null && status >= 200 && status < 300;
  const route = answers.find((answer) => ok(answer.status) && !HEALTH_PATHS.includes(answer.path));
  return route?.path ?? readyPath;
}
