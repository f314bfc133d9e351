import { describe, expect, it } from 'vitest';
import { MAX_BLOCKS, MAX_DESIGN_BYTES, MAX_DESIGN_DEPTH, MAX_DESIGN_NODES } from './limits.ts';
import { createDefaultTemplate } from '../template/default-template.ts';
import { designShapeProblem } from './design-shape.ts';
import { renderEmail } from '../render/render-email.ts';
import { sanitizeDesign } from '../sanitize/sanitize-design.ts';
import { designSchema, parseDesign, type DesignInput } from './design.ts';
import { formatZodError } from './format-zod-error.ts';

describe('design schema', () => {
  it('fills the spec defaults for an empty design', () => {
    expect(designSchema.parse({})).toEqual({
      global: {
        backdropColor: '#ffffff',
        backdropImage: '',
        enableBackdropImage: false,
        canvasColor: '#ffffff',
        canvasBorderColor: '#ffffff',
        canvasBorderSwitch: false,
        canvasGradientc1: '',
        canvasGradientc2: '',
        canvasGradientDir: 'to bottom',
        backdropMaxWidth: 80,
        canvasYMargin: 40,
        canvasRadius: 0,
        fontFamily: 'Inter, Roboto, Helvetica, Arial, sans-serif',
        textColor: '#111111',
      },
      blocks: [],
    });
  });

  it('loads an old, partial design by filling missing fields', () => {
    const design = designSchema.parse({
      global: { canvasColor: '#fafafa' },
      blocks: [
        { id: 'a', type: 'text', padding: { top: 4 }, content: 'Hi' },
        { id: 'b', type: 'spacer' },
      ],
    });
    expect(design.global).toMatchObject({ canvasColor: '#fafafa', canvasYMargin: 40 });
    expect(design.blocks[0]).toMatchObject({
      padding: { top: 4, right: 16, bottom: 16, left: 16 },
      radii: { topLeft: 0, topRight: 0, bottomRight: 0, bottomLeft: 0 },
      widthPct: 100,
      background: '',
      color: '',
      fontFamily: 'inherit',
      fontSize: 16,
    });
    expect(design.blocks[1]).toMatchObject({ height: 24 });
  });

  it('ignores fields it does not know', () => {
    const design = designSchema.parse({ blocks: [{ id: 'a', type: 'divider', legacy: true }] });
    expect(design.blocks[0]).not.toHaveProperty('legacy');
  });

  it('rejects out-of-range numbers with a readable path', () => {
    const result = designSchema.safeParse({
      global: { canvasYMargin: 161 },
      blocks: [
        { id: 'a', type: 'text' },
        { id: 'b', type: 'text' },
        { id: 'c', type: 'text' },
        { id: 'd', type: 'text', widthPct: 120 },
        { id: 'e', type: 'text', widthPct: 0 },
      ],
    });
    expect(result.error && formatZodError(result.error)).toBe(
      'global.canvasYMargin: Number must be at most 160; blocks.3.widthPct: Number must be at most 100; blocks.4.widthPct: Number must be at least 1',
    );
  });

  it('rejects colours and fonts that could smuggle CSS', () => {
    const result = designSchema.safeParse({
      global: { textColor: 'red;background:url(https://evil.test)', fontFamily: 'Arial;}</style>' },
      blocks: [{ id: 'a', type: 'button', buttonColor: 'expression(alert(1))' }],
    });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'global.fontFamily',
      'global.textColor',
      'blocks.0.buttonColor',
    ]);
  });

  it('rejects too many blocks, counting column items', () => {
    const text = (id: string) => ({ id, type: 'text' as const });
    const flat = Array.from({ length: MAX_BLOCKS + 1 }, (_, i) => text(`t${i}`));
    expect(formatZodError(designSchema.safeParse({ blocks: flat }).error!)).toBe(
      `blocks: A design may hold at most ${MAX_BLOCKS} blocks`,
    );
    const nested = Array.from({ length: 30 }, (_, i) => ({
      id: `c${i}`,
      type: 'columns' as const,
      columns: [
        { id: `c${i}-1`, widthPct: 100, items: [text(`a${i}`), text(`b${i}`), text(`d${i}`)] },
      ],
    }));
    expect(formatZodError(designSchema.safeParse({ blocks: nested }).error!)).toBe(
      `blocks: A design may hold at most ${MAX_BLOCKS} blocks (this one has 120)`,
    );
  });

  it('rejects over-long text and missing ids', () => {
    const result = designSchema.safeParse({
      blocks: [{ id: 'a', type: 'heading', content: 'x'.repeat(2001) }, { type: 'text' }],
    });
    expect(result.error && formatZodError(result.error)).toBe(
      'blocks.0.content: Text must be at most 2000 characters; blocks.1.id: Expected a block id',
    );
  });
});

describe('parseDesign', () => {
  it('returns the parsed design or a readable error instead of throwing', () => {
    expect(parseDesign({ blocks: [] })).toMatchObject({ ok: true, design: { blocks: [] } });
    expect(parseDesign({ blocks: [{ id: 'a', type: 'video' }] })).toEqual({
      ok: false,
      error: 'blocks.0.type: Unknown block type "video"',
    });
    expect(parseDesign('nope')).toMatchObject({
      ok: false,
      error: expect.stringContaining('expected object'),
    });
  });

  it('refuses oversized payloads before validating them', () => {
    const huge = { blocks: [{ id: 'a', type: 'text', html: 'x'.repeat(MAX_DESIGN_BYTES) }] };
    expect(parseDesign(huge)).toEqual({
      ok: false,
      error: expect.stringMatching(/^design: The design is too large \(\d+ bytes, limit 262144\)$/),
    });
  });

  it('refuses a design nested thousands of levels deep, or with too many values, without recursing', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 10_000; i++) deep = i % 2 ? { a: deep } : [deep];
    // The walk any caller would do next overflows the stack on such input.
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    expect(parseDesign({ global: {}, blocks: [{ id: 'a', type: 'text', extra: deep }] })).toEqual({
      ok: false,
      error: `design: The design is nested too deeply (limit ${MAX_DESIGN_DEPTH} levels).`,
    });
    expect(parseDesign(deep)).toMatchObject({ ok: false, error: expect.stringMatching(/deeply/) });
    const wide = { blocks: [], global: { padding: new Array(MAX_DESIGN_NODES).fill(0) } };
    expect(parseDesign(wide)).toEqual({
      ok: false,
      error: `design: The design has too many values (limit ${MAX_DESIGN_NODES}).`,
    });
    // A real design, columns and all, is far inside both bounds.
    expect(designShapeProblem(createDefaultTemplate().design)).toBeNull();
  });

  it('returns a frozen design that renders exactly like the raw input', () => {
    const input = {
      global: { canvasColor: '#fafafa' },
      blocks: [
        { id: 'h', type: 'heading', content: 'Hi' },
        {
          id: 'c',
          type: 'columns',
          columns: [{ id: 'c1', widthPct: 100, items: [{ id: 't', type: 'text' }] }],
        },
      ],
    };
    const result = parseDesign(input);
    if (!result.ok) throw new Error(result.error);
    expect(Object.isFrozen(result.design.blocks[1])).toBe(true);
    expect(() => {
      (result.design.global as { canvasColor: string }).canvasColor = 'red;x:y';
    }).toThrow(TypeError);
    expect(renderEmail(result.design)).toEqual(renderEmail(input as DesignInput));
    expect(sanitizeDesign(result.design).blocks).toEqual(result.design.blocks);
  });

  it('shows at most five issues', () => {
    const blocks = Array.from({ length: 8 }, (_, i) => ({
      id: `t${i}`,
      type: 'text',
      fontSize: 1,
    }));
    const result = parseDesign({ blocks });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.endsWith('; and 3 more')).toBe(true);
  });
});
