import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The integration files that take far longer than their size says, longest first (seconds of one
 * worker on the 2-core machine, 2026-12-07): the fuzz 90–120 (malformed input at every root field
 * and REST row, from a file of 8 kB), the demo passwords' check 14 (argon2 for every seeded
 * account), the video pipeline's files 7–9 each (ffmpeg on 2-second clips).
 */
const LONGEST = [
  'test/fuzz.integration.test.ts',
  'db/seeders/demo-passwords.integration.test.ts',
  'modules/videos/video-processing-steps.integration.test.ts',
  'modules/videos/videos-on-s3.integration.test.ts',
  'modules/videos/video-cleanup.integration.test.ts',
];

/**
 * Vitest's order with the files known to be long first. Vitest runs the longest files first by the
 * durations of the last run it cached, and without them (a fresh clone, CI) the largest first: the
 * fuzz then started 202 s into a 302 s run and was its last 97 s, one worker busy and the other idle.
 * Within each project's files only (the base order keeps projects and groups apart).
 */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = LONGEST.findIndex((name) => file.moduleId.endsWith(`/src/${name}`));
      return at < 0 ? LONGEST.length : at;
    };
    const ordered: TestSpecification[] = [];
    for (let start = 0; start < sorted.length;) {
      let end = start;
      while (end < sorted.length && sorted[end].project === sorted[start].project) end += 1;
      // Array.prototype.sort is stable: the files not named keep vitest's order.
      ordered.push(...sorted.slice(start, end).sort((a, b) => rank(a) - rank(b)));
      start = end;
    }
    return ordered;
  }
}
