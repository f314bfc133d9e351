import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBlock, createDefaultTemplate, designSchema, type Block } from '@thankly/email';
import type { Template } from '@thankly/api-contract';
import {
  SELLER,
  json,
  mockApi,
  renderApp,
  savedTemplate,
  useTestEnvironment,
} from '../../../test/harness.tsx';
import { setImageNaturalSize, updateBlock } from '../../model/commands.ts';
import { findBlock } from '../../model/tree.ts';
import { createEditorStore } from '../../store/editor-store.ts';

const LOGO = 'https://cdn.shop.test/logo.png';

function seller(handlers: Record<string, (body: unknown) => Response> = {}) {
  return mockApi({
    'GET /auth/me': () => json({ user: { ...SELLER, plan: 'free' } }),
    'GET /stats/daily': () =>
      json({ sentToday: 0, dailyLimit: 5, tempLimit: 1, planName: 'Starter' }),
    'GET /templates/': () => json({ templates: [] }),
    'GET /templates/selectors/selected': () => json({ selectedTemplateId: null }),
    'GET /templates/effective': () =>
      json({ templateId: null, overridden: false, date: '2026-05-02' }),
    'GET /shops': () =>
      json({ shops: [], available: { etsy: false, shopify: false, woocommerce: true } }),
    'GET /activity': () => json({ items: [] }),
    'GET /sending/settings': () => json({ couponCode: '' }),
    ...handlers,
  });
}

/** What a browser does once a picture arrives: its size becomes known, then `load` fires. */
function loadPicture(img: HTMLImageElement, width: number, height: number) {
  Object.defineProperty(img, 'complete', { value: true, configurable: true });
  Object.defineProperty(img, 'naturalWidth', { value: width, configurable: true });
  Object.defineProperty(img, 'naturalHeight', { value: height, configurable: true });
  fireEvent.load(img);
}

const imageOf = (design: { blocks: readonly Block[] }, id: string) =>
  findBlock(design as never, id)?.block as Extract<Block, { type: 'image' }>;

describe('image natural size (commands and history)', () => {
  const design = designSchema.parse({
    blocks: [{ ...createBlock('image', 'img'), src: LOGO }, createBlock('text', 't')],
  });

  it('stores a measured size on image blocks only, within the schema’s range', () => {
    const next = setImageNaturalSize.apply(design, { id: 'img', width: 640, height: 320 });
    expect(imageOf(next, 'img')).toMatchObject({ naturalWidth: 640, naturalHeight: 320 });
    expect(setImageNaturalSize.apply(next, { id: 'img', width: 640, height: 320 })).toBe(next);
    expect(setImageNaturalSize.apply(design, { id: 't', width: 640, height: 320 })).toBe(design);
    for (const [width, height] of [
      [0, 10],
      [10, 0],
      [1.5, 10],
      [50_000, 10],
    ] as const) {
      expect(setImageNaturalSize.apply(design, { id: 'img', width, height })).toBe(design);
    }
  });

  it('is no undo step and keeps the history; the saved-state comparison ignores it', () => {
    const store = createEditorStore(design);
    store.run(setImageNaturalSize, { id: 'img', width: 640, height: 320 });
    expect(store.getState().past).toHaveLength(0);
    expect(store.unamended(store.getState().design)).toBe(design);

    store.run(updateBlock, { id: 'img', patch: { alt: 'Logo' } });
    store.run(setImageNaturalSize, { id: 'img', width: 100, height: 50 });
    expect(store.getState().past).toHaveLength(1);
    expect(store.unamended(store.getState().design)).not.toBe(design);
    store.undo();
    // The state before the edit had been measured already: undo keeps what was learnt.
    expect(imageOf(store.getState().design, 'img')).toMatchObject({ naturalWidth: 640, alt: '' });
    store.redo();
    expect(imageOf(store.getState().design, 'img')).toMatchObject({
      naturalWidth: 100,
      alt: 'Logo',
    });
  });
});

describe('image block in the editor', () => {
  useTestEnvironment();

  it('measures the picture the seller sets, warns while the alt text is empty, and saves the size', async () => {
    const api = seller({
      'POST /templates': (body) => json(savedTemplate(body), 201),
    });
    renderApp('/thankly/create');
    await screen.findByRole('heading', { name: 'Create template' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('group', { name: 'Image block 1' }));
    await user.click(screen.getByLabelText('Image URL'));
    await user.paste(LOGO);
    const alt = screen.getByLabelText('Alt text');
    expect(screen.queryByText(/This image has no alt text/)).toBeNull();
    await user.clear(alt);
    expect(screen.getByText(/This image has no alt text/)).toBeTruthy();

    const canvas = screen.getByTestId('editor-canvas');
    const img = within(canvas).getByRole('presentation', { hidden: true }) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(LOGO);
    loadPicture(img, 240, 80);

    await user.click(alt);
    await user.paste('Juniper logo');
    // The default logo is 120px wide; "Auto" lets the picture's own size decide.
    await user.click(
      within(screen.getByRole('group', { name: 'Image width' })).getByRole('button', {
        name: 'Auto',
      }),
    );
    expect(screen.queryByText(/This image has no alt text/)).toBeNull();
    // Typing the URL and the alt text are the undo steps; the measurement is none.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /templates')).toHaveLength(1));
    const body = api.callsTo('POST /templates')[0]?.body as {
      design: { blocks: Block[] };
      html: string;
    };
    expect(body.design.blocks[0]).toMatchObject({
      type: 'image',
      src: LOGO,
      alt: 'Juniper logo',
      naturalWidth: 240,
      naturalHeight: 80,
    });
    expect(body.html).toMatch(
      /<img src="https:\/\/cdn\.shop\.test\/logo\.png" alt="Juniper logo" width="240"/,
    );
  }, 20_000);

  it('measures the pictures of a saved template on load without calling it an unsaved change', async () => {
    const { design } = createDefaultTemplate();
    const saved: Template = {
      id: '4b7f6f5e-2f49-4c55-9f1a-0b6a1c1f9a11',
      name: 'Spring',
      subject: 'Hi',
      preheader: '',
      language: 'en',
      html: '',
      design: {
        ...design,
        blocks: [
          { ...design.blocks[0]!, src: LOGO, width: 'auto' } as Block,
          ...design.blocks.slice(1),
        ],
      },
      sendConditions: { enabled: false, startDate: null, endDate: null },
      createdAt: '2026-05-01T10:00:00Z',
      updatedAt: '2026-05-01T10:00:00Z',
    };
    const api = seller({
      [`GET /templates/${saved.id}`]: () => json(saved),
      [`PUT /templates/${saved.id}`]: (body) => json({ ...saved, ...(body as object) }),
    });
    renderApp(`/thankly/create?id=${saved.id}`);
    await screen.findByDisplayValue('Spring');
    const img = screen.getByTestId('editor-canvas').querySelector('img')!;
    loadPicture(img, 1200, 400);
    expect(screen.queryByText('Changes not yet live')).toBeNull();
    expect((screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement).disabled).toBe(true);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`PUT /templates/${saved.id}`)).toHaveLength(1));
    const body = api.callsTo(`PUT /templates/${saved.id}`)[0]?.body as { html: string };
    // Wider than the 568px the block has: Outlook gets the block's width.
    expect(body.html).toContain(`<img src="${LOGO}" alt="[shop-name]" width="568"`);
  });
});
