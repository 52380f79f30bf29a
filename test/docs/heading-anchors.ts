/** The anchors GitHub gives a Markdown text's headings: lower case, punctuation dropped, spaces to '-', repeats -1, -2. */
export function headingAnchors(markdown: string): Set<string> {
  const prose = markdown.replace(/```[\s\S]*?```/g, "");
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const match of prose.matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const slug = (match[1] ?? "")
      .replace(/`/g, "")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}
