// The "Apply brand" step as an editor command. Its own module because applying a brand sanitises the
// sign-off with the email package's sanitiser (sanitize-html and its parsers, about 100 KB gzipped):
// the editor loads this when a brand is first applied, not with the canvas.
import type { Brand } from '@thankly/api-contract';
import { applyBrand } from '@thankly/email';
import type { Command } from '../editor/model/commands.ts';

export { applyBrand };

/** One undo entry: the whole brand at once, never a field at a time. */
export const applyBrandCommand: Command<{ brand: Brand }> = {
  name: 'applyBrand',
  history: 'record',
  apply(design, { brand }) {
    const branded = applyBrand(design, brand);
    // A brand the design already wears changes nothing, so the store records nothing.
    return JSON.stringify(branded) === JSON.stringify(design) ? design : branded;
  },
};
