/**
 * The checks of an uploaded caption file (pure): WebVTT, at most 1 MB, with a language tag and a
 * label. Each problem is a sentence for the instructor.
 */

/** The largest caption file: 1 MB. */
export const MAX_CAPTION_BYTES = 1024 * 1024;
/** At most this many caption languages per video. */
export const MAX_CAPTIONS_PER_VIDEO = 20;

/** BCP 47 language tags as the `<track srclang>` takes them: `en`, `es`, `pt-BR`. */
export const SRCLANG = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{1,8})*$/;

const TIMESTAMP = String.raw`(?:\d{2,}:)?[0-5]\d:[0-5]\d\.\d{3}`;
const TIMING = new RegExp(String.raw`^(${TIMESTAMP})[ \t]+-->[ \t]+(${TIMESTAMP})(?:[ \t].*)?$`);

function seconds(stamp: string): number {
  const parts = stamp.split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/**
 * Why `text` is not a usable WebVTT file, or null: the `WEBVTT` header first (a byte-order mark
 * allowed), at least one cue, and every cue timing line well-formed with its end after its start.
 */
export function webVttProblem(text: string): string | null {
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!/^WEBVTT(?:[ \t][^\n]*)?(?:\n|$)/.test(body)) {
    return 'This is not a WebVTT file: its first line must be "WEBVTT".';
  }
  if (body.includes('\u0000')) return 'This is not a WebVTT file (it contains binary data).';
  let cues = 0;
  const lines = body.split('\n');
  for (const [index, line] of lines.entries()) {
    if (!line.includes('-->')) continue;
    const match = TIMING.exec(line.trim());
    if (!match) return `Line ${index + 1} is not a valid cue timing ("00:00:01.000 --> 00:00:04.000").`;
    if (seconds(match[2]) <= seconds(match[1])) {
      return `Line ${index + 1}: a cue must end after it starts.`;
    }
    cues += 1;
  }
  if (!cues) return 'This WebVTT file has no cues (lines like "00:00:01.000 --> 00:00:04.000").';
  return null;
}

/** Why this language/label pair cannot be used, or null. */
export function captionMetaProblem(meta: {
  srclang: string;
  label: string;
}): { field: 'srclang' | 'label'; message: string } | null {
  if (!SRCLANG.test(meta.srclang) || meta.srclang.length > 35) {
    return { field: 'srclang', message: 'Give the language as a code such as "en", "es" or "pt-BR".' };
  }
  const label = meta.label.trim();
  if (!label || label.length > 80) {
    return { field: 'label', message: 'Give the captions a name of 1–80 characters, such as "English".' };
  }
  return null;
}
