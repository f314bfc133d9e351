// The email's fixed measures, shared by the shell, the column layout and the editor canvas.

export const CANVAS_WIDTH_PX = 600;
/** Spec section 9: side gutters between the screen edge and the canvas. */
export const SIDE_GUTTER_PX = 10;
/** Columns sit side by side from this viewport width up. */
export const SIDE_BY_SIDE_MIN_PX = 480;
/**
 * The same breakpoint for clients that strip <style> (no media queries): measured on the row the
 * columns share, which at SIDE_BY_SIDE_MIN_PX is the screen less the two side gutters.
 */
export const SIDE_BY_SIDE_MIN_ROW_PX = SIDE_BY_SIDE_MIN_PX - 2 * SIDE_GUTTER_PX;
