// Step parameters arrive as environment variables (k6 -e NAME=value); bad values stop the run with the name.
export function envInt(name, fallback, min = 0) {
  const raw = __ENV[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name}=${raw}: expected an integer >= ${min}`);
  return value;
}

export function envChoice(name, fallback, choices) {
  const raw = __ENV[name];
  if (raw === undefined || raw === "") return fallback;
  if (!choices.includes(raw)) throw new Error(`${name}=${raw}: expected one of ${choices.join(", ")}`);
  return raw;
}

/** Traffic goes to loopback only: the generator shares the service's network namespace. */
export const PORT = envInt("PORT", 8080, 1);
export const HTTP_BASE = `http://127.0.0.1:${PORT}`;
export const WS_BASE = `ws://127.0.0.1:${PORT}`;
