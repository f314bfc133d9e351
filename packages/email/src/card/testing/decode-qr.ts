// Test helper: what a phone would read from a card's QR code. The SVG is rasterised with sharp
// (librsvg) and decoded with jsQR, an implementation independent of the encoder.
import jsQR from 'jsqr';
import sharp from 'sharp';

/** Pixels per side of the raster: several per module even for long links. */
const RASTER_PX = 600;

/** The text the first QR code found in `svg` holds, or null when none can be read. */
export async function decodeQrSvg(svg: string): Promise<string | null> {
  // The card's page sizes the code; a rasteriser needs pixels.
  const sized = svg.replace(
    'width="100%" height="100%"',
    `width="${RASTER_PX}" height="${RASTER_PX}"`,
  );
  const { data, info } = await sharp(Buffer.from(sized))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength);
  return jsQR(pixels, info.width, info.height)?.data ?? null;
}

/** Every `<svg …>…</svg>` in a fragment of HTML. */
export function svgsIn(html: string): string[] {
  return html.match(/<svg\b[\s\S]*?<\/svg>/g) ?? [];
}
