import { afterEach, describe, expect, it } from 'vitest';
import { MAX_TOASTS, activeToasts, clearToasts, toast } from './toast.ts';

function visible() {
  return activeToasts().map((t) => `${t.kind}: ${t.message}`);
}

describe('toasts', () => {
  afterEach(() => clearToasts());

  it('never stacks more than a few; the oldest go first', () => {
    for (let n = 1; n <= 6; n++) toast.info(`Message ${n}`);
    expect(MAX_TOASTS).toBeLessThanOrEqual(3);
    expect(visible()).toEqual(['info: Message 4', 'info: Message 5', 'info: Message 6']);
  });

  it('shows the same message once, however often it is raised', () => {
    toast.error('Could not update password');
    toast.error('Could not update password');
    toast.error('Could not update password');
    expect(visible()).toEqual(['error: Could not update password']);
  });

  it("an action's success replaces the error its earlier attempt left", () => {
    toast.error('Could not update email', { key: 'update-email' });
    toast.error('Unable to update pause state', { key: 'pause' });
    toast.success('Email updated', { key: 'update-email' });
    // In the error's place: its words are gone the moment the success shows.
    expect(visible()).toEqual(['success: Email updated', 'error: Unable to update pause state']);
  });

  it('a success with nothing to say still clears its error', () => {
    toast.error('Could not save', { key: 'save' });
    toast.info('Unrelated news');
    toast.settle('save');
    expect(visible()).toEqual(['info: Unrelated news']);
  });
});
