// Font stacks offered to sellers (spec section 2: "about 25 fonts"), by the editor, its text
// toolbar and the brand kit alike. The first family of each is one the renderer links as a web
// font (render/fonts.ts) or a family every mail client has; the rest is fallback.
import { DEFAULT_FONT_STACK } from './global-style.ts';

export interface FontStack {
  label: string;
  value: string;
}

export const FONT_STACKS: readonly FontStack[] = [
  { label: 'Inter (default)', value: DEFAULT_FONT_STACK },
  { label: 'Roboto', value: 'Roboto, Helvetica, Arial, sans-serif' },
  { label: 'Open Sans', value: "'Open Sans', Helvetica, Arial, sans-serif" },
  { label: 'Lato', value: 'Lato, Helvetica, Arial, sans-serif' },
  { label: 'Montserrat', value: 'Montserrat, Helvetica, Arial, sans-serif' },
  { label: 'Poppins', value: 'Poppins, Helvetica, Arial, sans-serif' },
  { label: 'Nunito', value: 'Nunito, Helvetica, Arial, sans-serif' },
  { label: 'Raleway', value: 'Raleway, Helvetica, Arial, sans-serif' },
  { label: 'Work Sans', value: "'Work Sans', Helvetica, Arial, sans-serif" },
  { label: 'DM Sans', value: "'DM Sans', Helvetica, Arial, sans-serif" },
  { label: 'Rubik', value: 'Rubik, Helvetica, Arial, sans-serif' },
  { label: 'Quicksand', value: 'Quicksand, Helvetica, Arial, sans-serif' },
  { label: 'Josefin Sans', value: "'Josefin Sans', Helvetica, Arial, sans-serif" },
  { label: 'Oswald', value: 'Oswald, Helvetica, Arial, sans-serif' },
  { label: 'Merriweather', value: 'Merriweather, Georgia, serif' },
  { label: 'Playfair Display', value: "'Playfair Display', Georgia, serif" },
  { label: 'Lora', value: 'Lora, Georgia, serif' },
  { label: 'PT Serif', value: "'PT Serif', Georgia, serif" },
  { label: 'Libre Baskerville', value: "'Libre Baskerville', Georgia, serif" },
  { label: 'EB Garamond', value: "'EB Garamond', Georgia, serif" },
  { label: 'Crimson Text', value: "'Crimson Text', Georgia, serif" },
  { label: 'Caveat', value: 'Caveat, cursive' },
  { label: 'Dancing Script', value: "'Dancing Script', cursive" },
  { label: 'Georgia', value: 'Georgia, serif' },
  { label: 'Arial', value: 'Arial, Helvetica, sans-serif' },
  { label: 'Courier', value: "'Courier New', Courier, monospace" },
];
