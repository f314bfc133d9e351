// The journey's clock: delays and send windows count in it. Every zone the browser knows, and the
// saved one even where this browser's list lacks it (Chrome lists no "UTC").
import { useMemo } from 'react';
import { SelectField, type SelectOption } from '../components/ui/index.ts';

function zoneOptions(current: string): SelectOption<string>[] {
  const zones = Intl.supportedValuesOf('timeZone');
  const all = zones.includes(current) ? zones : [current, ...zones];
  return all.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

export function TimeZoneField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (zone: string) => void;
}) {
  const options = useMemo(() => zoneOptions(value), [value]);
  return (
    <SelectField
      label="Time zone"
      hint="Delays and send windows follow this clock."
      value={value}
      options={options}
      error={error}
      onChange={onChange}
    />
  );
}
