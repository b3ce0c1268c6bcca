import { describe, expect, it } from 'vitest';
import * as server from '../../../../api/src/modules/videos/caption-rules';
import { captionFormProblem, MAX_CAPTION_BYTES, webVttProblem } from './captionRules';

describe('caption file checks', () => {
  it('are the server’s own rules (one source)', () => {
    expect(webVttProblem).toBe(server.webVttProblem);
    expect(MAX_CAPTION_BYTES).toBe(server.MAX_CAPTION_BYTES);
    expect(captionFormProblem({ srclang: 'en', label: 'x'.repeat(81), file: null })).toBe(
      server.captionMetaProblem({ srclang: 'en', label: 'x'.repeat(81) })?.message,
    );
  });

  it('accepts WebVTT with cues (a BOM, CRLF, hours, cue settings and ids allowed)', () => {
    expect(webVttProblem('WEBVTT\n\n00:00.500 --> 00:02.000\nHi\n')).toBeNull();
    expect(
      webVttProblem('\uFEFFWEBVTT - steps\r\n\r\n1\r\n01:00:00.000 --> 01:00:01.000 align:start\r\nOne\r\n'),
    ).toBeNull();
  });

  it('refuses a missing header, no cues, malformed timings and cues ending before they start', () => {
    expect(webVttProblem('1\n00:00:01,000 --> 00:00:02,000\nSRT\n')).toMatch(/first line must be "WEBVTT"/);
    expect(webVttProblem('WEBVTTX\n\n00:01.000 --> 00:02.000\n')).toMatch(/WEBVTT/);
    expect(webVttProblem('WEBVTT\n\nNOTE only a note\n')).toMatch(/no cues/);
    expect(webVttProblem('WEBVTT\n\n00:00:01 --> 00:00:02\nHi\n')).toMatch(
      /Line 3 is not a valid cue timing/,
    );
    expect(webVttProblem('WEBVTT\n\n00:00:03.000 --> 00:00:02.000\nHi\n')).toMatch(/end after it starts/);
  });

  it('checks the language, the label and the file size before sending', () => {
    const file = { name: 'en.vtt', size: 100 };
    expect(captionFormProblem({ srclang: 'pt-BR', label: 'Português', file })).toBeNull();
    expect(captionFormProblem({ srclang: 'english', label: 'English', file })).toMatch(/language/);
    expect(captionFormProblem({ srclang: 'en', label: ' ', file })).toMatch(/name/);
    expect(captionFormProblem({ srclang: 'en', label: 'English', file: null })).toMatch(/Choose/);
    expect(
      captionFormProblem({ srclang: 'en', label: 'English', file: { name: 'x.vtt', size: 2 ** 20 + 1 } }),
    ).toMatch(/1 MB/);
  });
});
