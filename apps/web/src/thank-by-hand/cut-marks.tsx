// Cut marks for a 2x2 sheet: short hairlines where the centre lines meet the sheet's edges, and a
// small cross where they meet each other. They sit in the cards' blank edges, never on content.
import type { CSSProperties } from 'react';

const MARK = '4mm';
const LINE = '0.2mm';
const COLOR = '#6b7280';

const marks: CSSProperties[] = [
  // Top and bottom edge, on the vertical centre line.
  { left: '50%', top: 0, width: LINE, height: MARK, transform: 'translateX(-50%)' },
  { left: '50%', bottom: 0, width: LINE, height: MARK, transform: 'translateX(-50%)' },
  // Left and right edge, on the horizontal centre line.
  { top: '50%', left: 0, height: LINE, width: MARK, transform: 'translateY(-50%)' },
  { top: '50%', right: 0, height: LINE, width: MARK, transform: 'translateY(-50%)' },
  // The cross in the middle.
  { left: '50%', top: '50%', width: LINE, height: MARK, transform: 'translate(-50%, -50%)' },
  { left: '50%', top: '50%', height: LINE, width: MARK, transform: 'translate(-50%, -50%)' },
];

export function CutMarks() {
  return (
    <div aria-hidden="true" data-cut-marks="" className="pointer-events-none absolute inset-0">
      {marks.map((style, i) => (
        <span key={i} className="absolute" style={{ ...style, background: COLOR }} />
      ))}
    </div>
  );
}
