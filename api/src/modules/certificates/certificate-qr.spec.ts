import { describe, expect, it } from 'vitest';
import { qrMatrix, qrSvgPath } from './certificate-qr';

describe('QR code', () => {
  const URL = 'https://drx.example/verify/DRX-2026-7K3QF9XH';

  it('has the three finder patterns of a QR code in its corners', () => {
    const { size, isDark } = qrMatrix(URL);
    expect(size).toBeGreaterThanOrEqual(21);
    for (const [r, c] of [
      [0, 0],
      [0, size - 7],
      [size - 7, 0],
    ]) {
      // a 7×7 dark ring around a light ring around a 3×3 dark centre
      expect(isDark(r, c) && isDark(r + 6, c + 6) && isDark(r + 3, c + 3)).toBe(true);
      expect(isDark(r + 1, c + 1)).toBe(false);
    }
  });

  it('draws exactly the dark modules as SVG path runs', () => {
    const { size, isDark } = qrMatrix(URL);
    const { size: pathSize, path } = qrSvgPath(URL);
    expect(pathSize).toBe(size);
    let dark = 0;
    for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) if (isDark(r, c)) dark++;
    const runs = [...path.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)];
    expect(runs.map((m) => m[0]).join('')).toBe(path);
    expect(runs.reduce((sum, m) => sum + Number(m[3]), 0)).toBe(dark);
    for (const m of runs) {
      const [row, start, length] = [Number(m[2]), Number(m[1]), Number(m[3])];
      for (let c = start; c < start + length; c++) expect(isDark(row, c)).toBe(true);
    }
  });
});
