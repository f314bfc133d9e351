// The chart series in the app's palette (docs/design.md): brand indigo for what Thankly did, emerald
// and amber for what buyers did. Hex values, because SVG attributes cannot read Tailwind classes.
export const SERIES_COLOURS = {
  sent: '#4f46e5', // brand-600
  uniqueOpens: '#059669', // emerald-600
  clicks: '#d97706', // amber-600
  clickedEmails: '#d97706', // amber-600
  redemptions: '#059669', // emerald-600
  repeatOrders: '#4f46e5', // brand-600
} as const;

export const AXIS_COLOUR = '#64748b'; // slate-500
export const GRID_COLOUR = '#e2e8f0'; // slate-200
