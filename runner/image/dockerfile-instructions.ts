/** One Dockerfile instruction: its keyword (upper case), the rest of it, and the line it starts on (1-based). */
export interface DockerfileInstruction {
  keyword: string;
  args: string;
  line: number;
}

/**
 * A Dockerfile's instructions as Docker reads them: comment lines dropped, lines ending in the escape character
 * (`\`, or the one a `# escape=` directive names) joined; the bodies of heredocs (`<<EOF`) skipped.
 */
export function dockerfileInstructions(text: string): DockerfileInstruction[] {
  const lines = text.split(/\r?\n/);
  const escapeChar = /^#\s*escape\s*=\s*`\s*$/im.test(lines.slice(0, 5).join("\n")) ? "`" : "\\";
  const instructions: DockerfileInstruction[] = [];
  let current: DockerfileInstruction | null = null;
  let heredoc: string | null = null;
  lines.forEach((raw, index) => {
    if (heredoc !== null) {
      if (raw.trim() === heredoc) heredoc = null;
      return;
    }
    const trimmed = raw.trim();
    // Comment lines and blank lines are dropped, inside a continued instruction too.
    if (trimmed.startsWith("#") || trimmed === "") return;
    const continued = trimmed.endsWith(escapeChar);
    const body = continued ? trimmed.slice(0, -1).trimEnd() : trimmed;
    if (current === null) {
      const match = body.match(/^(\S+)\s*(.*)$/);
      current = { keyword: (match?.[1] ?? "").toUpperCase(), args: match?.[2] ?? "", line: index + 1 };
    } else current.args = `${current.args} ${body}`.trim();
    if (continued) return;
    heredoc = current.args.match(/(?<!<)<<-?["']?(\w+)/)?.[1] ?? null;
    instructions.push(current);
    current = null;
  });
  if (current) instructions.push(current);
  return instructions;
}
