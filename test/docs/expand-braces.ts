/** `a.{b,c}.d` -> [`a.b.d`, `a.c.d`]: one row of the reference may name several keys (no nested braces). */
export function expandBraces(text: string): string[] {
  const match = /\{([^{}]*)\}/.exec(text);
  if (!match) return [text];
  const before = text.slice(0, match.index);
  const after = text.slice(match.index + match[0].length);
  return (match[1] ?? "").split(",").flatMap((option) => expandBraces(`${before}${option.trim()}${after}`));
}
