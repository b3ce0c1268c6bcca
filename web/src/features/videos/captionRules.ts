/**
 * The editor's checks of a caption file before it is sent (pure; the server checks the same):
 * WebVTT — a "WEBVTT" first line and cue timings — at most 1 MB, with a language code and a label.
 */

export const MAX_CAPTION_BYTES = 1024 * 1024;
export const SRCLANG = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{1,8})*$/;

const TIMESTAMP = String.raw`(?:\d{2,}:)?[0-5]\d:[0-5]\d\.\d{3}`;
const TIMING = new RegExp(String.raw`^(${TIMESTAMP})[ \t]+-->[ \t]+(${TIMESTAMP})(?:[ \t].*)?$`);

const seconds = (stamp: string) =>
  stamp
    .split(':')
    .map(Number)
    .reduce((total, part) => total * 60 + part, 0);

/** Why `text` is not WebVTT with cues, or null. */
export function webVttProblem(text: string): string | null {
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!/^WEBVTT(?:[ \t][^\n]*)?(?:\n|$)/.test(body)) {
    return 'This is not a WebVTT file: its first line must be "WEBVTT".';
  }
  let cues = 0;
  for (const [index, line] of body.split('\n').entries()) {
    if (!line.includes('-->')) continue;
    const match = TIMING.exec(line.trim());
    if (!match) return `Line ${index + 1} is not a valid cue timing ("00:00:01.000 --> 00:00:04.000").`;
    if (seconds(match[2]) <= seconds(match[1])) return `Line ${index + 1}: a cue must end after it starts.`;
    cues += 1;
  }
  return cues ? null : 'This WebVTT file has no cues (lines like "00:00:01.000 --> 00:00:04.000").';
}

/** Why the form cannot be sent as it is, or null (the file's content is checked once read). */
export function captionFormProblem(form: {
  srclang: string;
  label: string;
  file: { name: string; size: number } | null;
}): string | null {
  if (!SRCLANG.test(form.srclang.trim())) return 'Give the language as a code such as "en", "es" or "pt-BR".';
  if (!form.label.trim() || form.label.trim().length > 80)
    return 'Give the captions a name, such as "English".';
  if (!form.file) return 'Choose a WebVTT (.vtt) file.';
  if (form.file.size === 0) return 'This file is empty.';
  if (form.file.size > MAX_CAPTION_BYTES) return 'The caption file must be 1 MB or smaller.';
  return null;
}
