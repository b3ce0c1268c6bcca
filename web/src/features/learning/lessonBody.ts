/**
 * Lesson bodies are plain text (paragraphs separated by blank lines, "- " or "1. " list lines,
 * **bold**). They are turned into blocks of text runs that React renders as text — never as HTML.
 */

export interface TextRun {
  text: string;
  bold: boolean;
}

export type BodyBlock =
  { kind: 'paragraph'; lines: TextRun[][] } | { kind: 'list'; ordered: boolean; items: TextRun[][] };

const BULLET = /^\s*[-*•]\s+/;
const NUMBERED = /^\s*\d+[.)]\s+/;

/** Splits `**bold**` runs out of a line; an unmatched `**` stays as text. */
export function parseRuns(line: string): TextRun[] {
  const runs: TextRun[] = [];
  const pattern = /\*\*(.+?)\*\*/g;
  let last = 0;
  for (const match of line.matchAll(pattern)) {
    const at = match.index ?? 0;
    if (at > last) runs.push({ text: line.slice(last, at), bold: false });
    runs.push({ text: match[1], bold: true });
    last = at + match[0].length;
  }
  if (last < line.length) runs.push({ text: line.slice(last), bold: false });
  return runs;
}

export function parseLessonBody(body: string): BodyBlock[] {
  const blocks: BodyBlock[] = [];
  const chunks = body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((chunk) => chunk.split('\n').filter((line) => line.trim() !== ''))
    .filter((lines) => lines.length > 0);
  for (const lines of chunks) {
    if (lines.every((l) => BULLET.test(l))) {
      blocks.push({
        kind: 'list',
        ordered: false,
        items: lines.map((l) => parseRuns(l.replace(BULLET, ''))),
      });
    } else if (lines.every((l) => NUMBERED.test(l))) {
      blocks.push({
        kind: 'list',
        ordered: true,
        items: lines.map((l) => parseRuns(l.replace(NUMBERED, ''))),
      });
    } else {
      blocks.push({ kind: 'paragraph', lines: lines.map((l) => parseRuns(l.trim())) });
    }
  }
  return blocks;
}
