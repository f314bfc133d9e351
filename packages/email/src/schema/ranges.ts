import {
  MAX_CANVAS_Y_MARGIN,
  MAX_WIDTH_PCT,
  MIN_COLUMN_WIDTH_PCT,
  MIN_EDITABLE_WIDTH_PCT,
  MIN_RENDERED_WIDTH_PCT,
} from '../clamp.ts';

export interface NumberRange {
  readonly min: number;
  readonly max: number;
}

/**
 * The bounds of a design's numbers, in one place: the schema checks them and the editor's controls
 * offer them, so a control never offers a value that saving would refuse.
 */
export const DESIGN_RANGES = {
  padding: { min: 0, max: 200 },
  blockWidth: { min: MIN_RENDERED_WIDTH_PCT, max: MAX_WIDTH_PCT },
  editableBlockWidth: { min: MIN_EDITABLE_WIDTH_PCT, max: MAX_WIDTH_PCT },
  backdropMaxWidth: { min: 10, max: 100 },
  canvasYMargin: { min: 0, max: MAX_CANVAS_Y_MARGIN },
  canvasRadius: { min: 0, max: 64 },
  fontSize: { min: 8, max: 72 },
  spacerHeight: { min: 0, max: 400 },
  imageWidth: { min: 1, max: 1200 },
  imageHeight: { min: 1, max: 2000 },
  columnWidth: { min: MIN_COLUMN_WIDTH_PCT, max: MAX_WIDTH_PCT },
  columnGap: { min: 0, max: 64 },
  dividerHeight: { min: 1, max: 24 },
} as const satisfies Record<string, NumberRange>;
