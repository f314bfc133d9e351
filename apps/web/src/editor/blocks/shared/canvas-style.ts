import type { CSSProperties } from 'react';
import type { CommonBlock, GlobalStyle } from '@thankly/email';

function hasColor(color: string) {
  return color !== '' && color !== 'transparent';
}

/** The text style a block's content gets in the email (see packages/email textStyle). */
export function canvasTextStyle(block: CommonBlock, global: GlobalStyle): CSSProperties {
  return {
    color: hasColor(block.color) ? block.color : global.textColor,
    fontFamily: block.fontFamily === 'inherit' ? global.fontFamily : block.fontFamily,
    fontWeight: block.fontWeight,
    textAlign: block.align,
  };
}

/** The block's box: padding, background and radii, as the email's block row draws them. */
export function canvasBoxStyle(block: CommonBlock): CSSProperties {
  const { padding: p, radii: r } = block;
  return {
    padding: `${p.top}px ${p.right}px ${p.bottom}px ${p.left}px`,
    background: hasColor(block.background) ? block.background : undefined,
    borderRadius: `${r.topLeft}px ${r.topRight}px ${r.bottomRight}px ${r.bottomLeft}px`,
    textAlign: block.align,
  };
}
