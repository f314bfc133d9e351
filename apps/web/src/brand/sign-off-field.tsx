// The brand's closing line: several lines, tokens allowed.
import { Field, controlClass } from '../components/ui/index.ts';

export function SignOffField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <Field
      label="Sign-off"
      hint="The closing line of your emails. Tokens like [shop-name] work here."
      error={error}
    >
      {({ id, ...control }) => (
        <textarea
          id={id}
          {...control}
          // The hint is read before the error, as they stand on screen.
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          rows={3}
          value={value}
          placeholder={'With gratitude,\nMaria at Olive & Thread'}
          onChange={(e) => onChange(e.target.value)}
          className={controlClass('regular', Boolean(error))}
        />
      )}
    </Field>
  );
}
