/** Reads a newline-delimited JSON stream (Docker's build, pull, stats and events streams) object by object. */
export async function* readJsonLines(stream: NodeJS.ReadableStream): AsyncGenerator<Record<string, unknown>> {
  let buffer = "";
  for await (const chunk of stream) {
    buffer += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    let newline = buffer.indexOf("\n");
    while (newline >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (line !== "") yield parseLine(line);
      newline = buffer.indexOf("\n");
    }
  }
  if (buffer.trim() !== "") yield parseLine(buffer.trim());
}

function parseLine(line: string): Record<string, unknown> {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return { stream: line };
  }
}
