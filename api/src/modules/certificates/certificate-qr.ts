import QRCode from 'qrcode';

/** The dark modules of a QR code for `text`: `isDark(row, col)` on a `size`×`size` grid. */
export function qrMatrix(text: string): { size: number; isDark: (row: number, col: number) => boolean } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, isDark: (row, col) => Boolean(modules.get(row, col)) };
}

/**
 * The QR code of `text` as one SVG path in a `size`×`size` box (one unit per module; each row's
 * runs of dark modules become rectangles). The web draws it with `<path d=…>`, no image needed.
 */
export function qrSvgPath(text: string): { size: number; path: string } {
  const { size, isDark } = qrMatrix(text);
  let path = '';
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!isDark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && isDark(row, col)) col++;
      path += `M${start} ${row}h${col - start}v1h${start - col}z`;
    }
  }
  return { size, path };
}
