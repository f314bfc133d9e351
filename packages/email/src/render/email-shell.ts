// The document around the blocks: doctype, head meta, fonts, the hidden preheader, the backdrop and
// the 600px canvas.
import {
  DEFAULT_TEMPLATE_LANGUAGE,
  isTemplateLanguage,
  languageDirection,
  type TemplateLanguage,
} from '../language/languages.ts';
import type { GlobalStyle } from '../schema/global-style.ts';
import { normalizePreheader } from '../schema/template-texts.ts';
import { hasColor } from './block-style.ts';
import { CANVAS_WIDTH_PX, SIDE_GUTTER_PX } from './dimensions.ts';
import { escapeHtml } from './html.ts';
import { ghostTableClose, ghostTableOpen, presentationTable, vmlBackground } from './layout.ts';
import { safeCssImageUrl } from './urls.ts';

const HEAD_STYLE =
  ':root{color-scheme:light only;supported-color-schemes:light only}' +
  'body{margin:0;padding:0;width:100%;-webkit-text-size-adjust:100%;-ms-text-size-adjust:100%}' +
  'table,td{mso-table-lspace:0pt;mso-table-rspace:0pt}' +
  'img{-ms-interpolation-mode:bicubic}' +
  // iOS turns dates and numbers into blue links; keep the design's colours.
  'a[x-apple-data-detectors]{color:inherit!important;text-decoration:none!important}';

// Keeps the first lines of the body out of the inbox preview after a short preheader.
const PREHEADER_FILLER = '&#847;&zwnj;&nbsp;'.repeat(40);

export interface ShellInput {
  global: GlobalStyle;
  rows: string;
  /** Media queries for the columns in use (responsive-css.ts). */
  responsiveCss: string;
  fontsUrl: string;
  preheader: string;
  title: string;
  language: TemplateLanguage;
}

function head(input: ShellInput): string {
  const fonts = input.fontsUrl
    ? // Outlook hangs on external stylesheets and cannot use web fonts: it never sees the link and
      // gets a font it has instead of falling back to Times New Roman.
      `<!--[if !mso]><!--><link href="${input.fontsUrl}" rel="stylesheet" type="text/css"><!--<![endif]-->` +
      '<!--[if mso]><style>body,table,td,div,p,a,span,h1,h2,h3{font-family:Arial,Helvetica,sans-serif!important}</style><![endif]-->'
    : '';
  return (
    '<head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    '<meta http-equiv="X-UA-Compatible" content="IE=edge">' +
    '<meta name="x-apple-disable-message-reformatting">' +
    '<meta name="format-detection" content="telephone=no,date=no,address=no,email=no,url=no">' +
    // The seller designs one palette, on light. Declaring light only keeps clients that honour it
    // (Apple Mail, browsers) from darkening the page behind it or recolouring links; every colour
    // the design shows is also set inline, so a client that inverts anyway inverts all of it.
    '<meta name="color-scheme" content="light only"><meta name="supported-color-schemes" content="light only">' +
    `<title>${escapeHtml(input.title)}</title>` +
    // Outlook scales images at 120 DPI unless told to use 96.
    '<!--[if mso]><noscript><xml><o:OfficeDocumentSettings><o:AllowPNG/><o:PixelsPerInch>96</o:PixelsPerInch></o:OfficeDocumentSettings></xml></noscript><![endif]-->' +
    fonts +
    `<style>${HEAD_STYLE}${input.responsiveCss}</style></head>`
  );
}

function canvas(global: GlobalStyle, rows: string): string {
  let style = `width:100%;max-width:${CANVAS_WIDTH_PX}px;border-collapse:separate`;
  let attrs = 'width="100%"';
  if (hasColor(global.canvasColor)) {
    style += `;background-color:${global.canvasColor}`;
    if (global.canvasColor.startsWith('#')) attrs += ` bgcolor="${global.canvasColor}"`;
  }
  if (hasColor(global.canvasGradientc1) && hasColor(global.canvasGradientc2)) {
    style += `;background-image:linear-gradient(${global.canvasGradientDir},${global.canvasGradientc1},${global.canvasGradientc2})`;
  }
  if (global.canvasBorderSwitch && hasColor(global.canvasBorderColor)) {
    style += `;border:1px solid ${global.canvasBorderColor}`;
  }
  if (global.canvasRadius > 0) style += `;border-radius:${global.canvasRadius}px;overflow:hidden`;
  return (
    ghostTableOpen(CANVAS_WIDTH_PX) +
    `<div style="max-width:${CANVAS_WIDTH_PX}px;margin:0 auto">` +
    presentationTable(rows || '<tr><td>&nbsp;</td></tr>', attrs, style) +
    '</div>' +
    ghostTableClose()
  );
}

function backdrop(global: GlobalStyle, content: string): string {
  const color = hasColor(global.backdropColor) ? global.backdropColor : '#ffffff';
  const image = global.enableBackdropImage ? safeCssImageUrl(global.backdropImage) : '';
  let style = `width:100%;background-color:${color}`;
  let attrs = 'width="100%"';
  if (color.startsWith('#')) attrs += ` bgcolor="${color}"`;
  if (image) {
    style += `;background-image:url('${image}');background-size:cover;background-position:center top;background-repeat:no-repeat`;
    attrs += ` background="${image}"`;
  }
  const cell = `<tr><td align="center" style="padding:${global.canvasYMargin}px ${SIDE_GUTTER_PX}px">${content}</td></tr>`;
  return (image ? vmlBackground(image, color) : '') + presentationTable(cell, attrs, style);
}

export function wrapInEmailShell(input: ShellInput): string {
  const { global } = input;
  const preheaderText = normalizePreheader(input.preheader);
  const preheader = preheaderText
    ? `<div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all">${escapeHtml(preheaderText)}${PREHEADER_FILLER}</div>`
    : '';
  // Typed callers pass a known language; anything else (a hand-built call) reads as the default.
  const language = isTemplateLanguage(input.language) ? input.language : DEFAULT_TEMPLATE_LANGUAGE;
  const bodyColor = hasColor(global.backdropColor) ? global.backdropColor : '#ffffff';
  return (
    '<!DOCTYPE html>' +
    `<html lang="${language}" dir="${languageDirection(language)}" xmlns="http://www.w3.org/1999/xhtml" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office">` +
    head(input) +
    `<body style="margin:0;padding:0;word-spacing:normal;background-color:${bodyColor}">` +
    preheader +
    backdrop(global, canvas(global, input.rows)) +
    '</body></html>'
  );
}
