// A QR code as inline SVG for printed cards: where an email has a button, paper has something a
// phone can scan. Built from qrcode's module matrix (its own SVG renderer is async and sized in
// px), so it stays synchronous, pure and the same in Node and in the browser.
import QRCode from 'qrcode';
import { escapeHtml } from '../render/html.ts';

/** Light modules around the symbol: the spec's minimum, without which scanners miss the edges. */
const QUIET_ZONE_MODULES = 4;

/** Bytes a version 40 symbol holds at error correction level M: any text up to this fits. */
export const MAX_QR_CODE_BYTES = 2331;

const encoder = new TextEncoder();

export function fitsInQrCode(text: string): boolean {
  return text !== '' && encoder.encode(text).length <= MAX_QR_CODE_BYTES;
}

/** One subpath per horizontal run of dark modules: far shorter than one square per module. */
function darkModulesPath(size: number, isDark: (row: number, column: number) => boolean): string {
  let path = '';
  for (let row = 0; row < size; row += 1) {
    let column = 0;
    while (column < size) {
      if (!isDark(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < size && isDark(row, column)) column += 1;
      const run = column - start;
      path += `M${start + QUIET_ZONE_MODULES} ${row + QUIET_ZONE_MODULES}h${run}v1h-${run}z`;
    }
  }
  return path;
}

/**
 * `text` as a QR code (error correction M, about 15% of the symbol may be smudged or folded) that
 * fills its container: the page decides the printed size. `label` is its accessible name. Throws
 * for empty text or text beyond MAX_QR_CODE_BYTES (check with fitsInQrCode).
 */
export function qrCodeSvg(text: string, label: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { size, data } = modules;
  const side = size + 2 * QUIET_ZONE_MODULES;
  const path = darkModulesPath(size, (row, column) => data[row * size + column] === 1);
  // The light background is drawn, not left transparent: a dark card would otherwise swallow the
  // quiet zone and the light modules, and scanners read dark on light only.
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" width="100%" height="100%" shape-rendering="crispEdges" role="img" aria-label="${escapeHtml(label)}" style="display:block">` +
    `<rect width="${side}" height="${side}" fill="#ffffff"/>` +
    `<path fill="#000000" d="${path}"/>` +
    '</svg>'
  );
}
