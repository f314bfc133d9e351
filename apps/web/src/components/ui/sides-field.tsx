import { Fieldset } from './field.tsx';
import { NumberField } from './number-field.tsx';

type Sides<K extends string> = Record<K, number>;

/** Four pixel values (padding sides or corner radii) in a 2x2 grid. */
export function SidesField<K extends string>({
  legend,
  value,
  labels,
  max = 200,
  onChange,
}: {
  legend: string;
  value: Sides<K>;
  labels: Record<K, string>;
  max?: number;
  onChange: (value: Sides<K>) => void;
}) {
  return (
    <Fieldset legend={legend}>
      <div className="grid grid-cols-2 gap-2">
        {(Object.keys(labels) as K[]).map((key) => (
          <NumberField
            key={key}
            label={labels[key]}
            value={value[key]}
            min={0}
            max={max}
            suffix="px"
            onChange={(n) => onChange({ ...value, [key]: n })}
          />
        ))}
      </div>
    </Fieldset>
  );
}
