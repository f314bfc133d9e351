import { PASSWORD_MIN_LENGTH } from '@thankly/api-contract/catalog';

/** The password rule, ticked off live as the seller types. */
export function PasswordRuleHint({ password }: { password: string }) {
  const met = password.length >= PASSWORD_MIN_LENGTH;
  return (
    <span data-met={met} className={met ? 'text-emerald-700' : undefined}>
      <span aria-hidden="true">{met ? '✓ ' : '○ '}</span>
      At least {PASSWORD_MIN_LENGTH} characters.
      <span className="sr-only">{met ? ' (done)' : ' (not yet)'}</span>
    </span>
  );
}
