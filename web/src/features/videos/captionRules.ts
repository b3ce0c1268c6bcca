/**
 * The editor's checks of a caption file before it is sent (pure): the server's own rules — one
 * source, `api/src/modules/videos/caption-rules.ts` (a file without imports, which the web build
 * bundles too) — WebVTT with cues, at most 1 MB, a language code and a label.
 */
import {
  captionMetaProblem,
  MAX_CAPTION_BYTES,
  webVttProblem,
} from '../../../../api/src/modules/videos/caption-rules';

export { MAX_CAPTION_BYTES, webVttProblem };

/** Why the form cannot be sent as it is, or null (the file's content is checked once read). */
export function captionFormProblem(form: {
  srclang: string;
  label: string;
  file: { name: string; size: number } | null;
}): string | null {
  const meta = captionMetaProblem({ srclang: form.srclang.trim(), label: form.label });
  if (meta) return meta.message;
  if (!form.file) return 'Choose a WebVTT (.vtt) file.';
  if (form.file.size === 0) return 'This file is empty.';
  if (form.file.size > MAX_CAPTION_BYTES) return 'The caption file must be 1 MB or smaller.';
  return null;
}
