import { describe, expect, test } from 'vitest';
import { type ConditionalCandidate, pickEffectiveTemplate } from '@thankly/api-contract';

const conditional = (
  id: string,
  startDate: string,
  endDate: string,
  enabled = true,
): ConditionalCandidate => ({
  id,
  conditionsEnabled: enabled,
  startDate,
  endDate,
});
const plain = (id: string): ConditionalCandidate => ({
  id,
  conditionsEnabled: false,
  startDate: null,
  endDate: null,
});

describe('the template in effect on a given day', () => {
  const templates = [
    plain('selected'),
    conditional('december', '2026-12-01', '2026-12-31'),
    conditional('christmas', '2026-12-20', '2026-12-26'),
    conditional('christmas-long', '2026-12-20', '2026-12-28'),
    conditional('disabled', '2026-12-01', '2026-12-31', false),
  ];

  test('without a range holding today, the selection is sent', () => {
    expect(pickEffectiveTemplate(templates, 'selected', true, '2026-11-30')).toEqual({
      templateId: 'selected',
      overridden: false,
    });
  });

  test('a range holding today overrides the selection, its first and last days included', () => {
    for (const day of ['2026-12-01', '2026-12-19']) {
      expect(pickEffectiveTemplate(templates, 'selected', true, day)).toEqual({
        templateId: 'december',
        overridden: true,
      });
    }
    expect(pickEffectiveTemplate(templates, 'selected', true, '2026-12-31').templateId).toBe(
      'december',
    );
    expect(pickEffectiveTemplate(templates, 'selected', true, '2027-01-01').templateId).toBe(
      'selected',
    );
  });

  test('the latest start wins; on a tie, the later end', () => {
    expect(pickEffectiveTemplate(templates, 'selected', true, '2026-12-22').templateId).toBe(
      'christmas-long',
    );
    expect(
      pickEffectiveTemplate(templates.slice(0, 3), 'selected', true, '2026-12-22').templateId,
    ).toBe('christmas');
  });

  test('without paid features, conditions do not apply', () => {
    expect(pickEffectiveTemplate(templates, 'selected', false, '2026-12-22')).toEqual({
      templateId: 'selected',
      overridden: false,
    });
  });

  test('an override works with nothing selected, and is no override when it is the selection', () => {
    expect(pickEffectiveTemplate(templates, null, true, '2026-12-05')).toEqual({
      templateId: 'december',
      overridden: true,
    });
    expect(pickEffectiveTemplate(templates, 'december', true, '2026-12-05')).toEqual({
      templateId: 'december',
      overridden: false,
    });
    expect(pickEffectiveTemplate([plain('a')], null, true, '2026-12-05')).toEqual({
      templateId: null,
      overridden: false,
    });
  });
});
