import { describe, expect, it } from 'vitest';
import { filterOptions } from './combobox-field.tsx';

const zones = ['America/New_York', 'Europe/Berlin', 'Europe/Paris', 'Pacific/Port_Moresby'].map(
  (zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }),
);

describe('filtering a long list as the seller types', () => {
  it('finds a place by any part, in any case, with spaces or underscores', () => {
    expect(filterOptions(zones, 'berlin').map((o) => o.value)).toEqual(['Europe/Berlin']);
    expect(filterOptions(zones, 'NEW_york').map((o) => o.value)).toEqual(['America/New_York']);
    expect(filterOptions(zones, '  new   york ').map((o) => o.value)).toEqual(['America/New_York']);
  });

  it('puts places starting with what was typed first', () => {
    expect(filterOptions(zones, 'p').map((o) => o.value)).toEqual([
      'Europe/Paris',
      'Pacific/Port_Moresby',
      'Europe/Berlin',
    ]);
  });

  it('gives everything for nothing typed, and nothing for no match', () => {
    expect(filterOptions(zones, '')).toHaveLength(4);
    expect(filterOptions(zones, 'atlantis')).toEqual([]);
  });
});
