import { describe, expect, it } from 'vitest';
import { contrastRatio, mutedTextOn, opaqueHex } from './contrast.ts';

describe('opaqueHex', () => {
  it('reads every form a design colour takes, translucent ones over white', () => {
    expect(opaqueHex('#1F2937')).toBe('#1f2937');
    expect(opaqueHex('#333')).toBe('#333333');
    expect(opaqueHex('#0008')).toBe('#777777');
    expect(opaqueHex('#00000080')).toBe('#7f7f7f');
    expect(opaqueHex('rgb(31, 41, 55)')).toBe('#1f2937');
    expect(opaqueHex('rgba(0, 0, 0, 0.5)')).toBe('#808080');
    expect(opaqueHex('rgb(100%, 0%, 50%)')).toBe('#ff0080');
  });

  it('is null for no colour', () => {
    for (const none of ['', 'transparent', 'red', 'rgb(1, 2)']) expect(opaqueHex(none)).toBeNull();
  });
});

describe('mutedTextOn', () => {
  it('keeps the quiet grey where it reads', () => {
    expect(mutedTextOn('#ffffff')).toBe('#6b7280');
  });

  it('reaches 4.5:1 on every backdrop, light, mid or dark', () => {
    for (let value = 0; value <= 255; value += 5) {
      for (const backdrop of [
        `rgb(${value}, ${value}, ${value})`,
        `rgb(${value}, 40, 120)`,
        `rgb(240, ${value}, 200)`,
      ]) {
        const colour = mutedTextOn(backdrop);
        expect(contrastRatio(colour, opaqueHex(backdrop)!), backdrop).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('darkens on a light backdrop and lightens on a dark one', () => {
    const onCream = mutedTextOn('#f4f1ec');
    expect(contrastRatio(onCream, '#ffffff')).toBeGreaterThan(contrastRatio('#6b7280', '#ffffff'));
    const onSlate = mutedTextOn('#1f2937');
    expect(contrastRatio(onSlate, '#000000')).toBeGreaterThan(contrastRatio('#6b7280', '#000000'));
  });
});
