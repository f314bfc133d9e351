// A worker thread that draws printed cards: QR codes and layout are pure CPU, kept off the API's
// event loop. Each task is one batch: its templates once, and the cards that use them.
import { CARD_SIGN_OFF, parseDesign, renderCardForOrder, type TokenValues } from '@thankly/email';
import { serveTasks } from '../infrastructure/threads/serve-tasks.ts';
import type { CardBatchTask } from './card-renderer.ts';

serveTasks((task: CardBatchTask): string[] => {
  const designs = task.templates.map(({ design }) => {
    const parsed = parseDesign(design);
    if (!parsed.ok) throw new Error('A card design that the API read could not be read again.');
    return parsed.design;
  });
  return task.cards.map(
    ({ template, values }) =>
      renderCardForOrder(designs[template]!, values as TokenValues, {
        language: task.templates[template]!.language,
        // A card closes like a card, even when the design was written as an email without one.
        signOff: CARD_SIGN_OFF,
      }).html,
  );
});
