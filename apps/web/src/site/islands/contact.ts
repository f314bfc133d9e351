import { CONTACT_MESSAGE_MAX } from '@thankly/api-contract/catalog';
import { alertClass, buttonClass } from '../../components/ui/looks.ts';
import { NetworkError, requestRaw } from '../../lib/api.ts';
import {
  CONTACT_NETWORK_ERROR,
  CONTACT_SEND,
  CONTACT_SENDING,
  CONTACT_SEND_ANOTHER,
  CONTACT_SERVER_ERROR,
  CONTACT_THANKS,
  CONTACT_THANKS_LEAD,
} from '../../lib/contact-copy.ts';
import { focusFirstInvalid } from '../../lib/focus-first-invalid.ts';
import { checkContact, type ContactErrors, type ContactFields } from '../contact-checks.ts';
import { element, setText } from '../dom.ts';
import { onHandOver, siteSignal } from '../lifecycle.ts';

const FIELD_NAMES = ['name', 'email', 'message'] as const;
type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * Shows or clears one field's message the way the React page draws it: aria-invalid, the red
 * border, and the message in the element aria-describedby points to. The message textarea keeps
 * its counter in aria-describedby and an error paragraph that is always there; an input's error
 * paragraph comes and goes (TextField).
 */
function showFieldError(field: Field, message: string | undefined): void {
  const errorId = `${field.id}-error`;
  const isMessage = field instanceof HTMLTextAreaElement;
  if (message) field.setAttribute('aria-invalid', 'true');
  else field.removeAttribute('aria-invalid');
  field.classList.toggle('border-red-500', Boolean(message));
  field.classList.toggle('border-slate-300', !message);
  if (isMessage) {
    setText(document.getElementById(errorId), message ?? '');
    const counterId = `${field.id}-counter`;
    field.setAttribute('aria-describedby', message ? `${counterId} ${errorId}` : counterId);
    return;
  }
  document.getElementById(errorId)?.remove();
  if (message) {
    field.after(element('p', { id: errorId, className: 'mt-1 text-sm text-red-700' }, message));
    field.setAttribute('aria-describedby', errorId);
  } else {
    field.removeAttribute('aria-describedby');
  }
}

/**
 * The contact form on the prerendered page, as ContactPage behaves: the same checks and messages,
 * the counter, "Sending…" while the request is out, the server and network errors, and the
 * "Thanks!" card with "Send another message".
 */
export function mount(card: HTMLElement): void {
  const form = card.querySelector('form');
  if (!form) return;
  const fields = Object.fromEntries(
    FIELD_NAMES.map((name) => [name, form.elements.namedItem(name) as Field]),
  ) as Record<keyof ContactFields, Field>;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const counter = document.getElementById(`${fields.message.id}-counter`);
  let alert: HTMLElement | null = null;
  let thanks: HTMLElement[] = [];

  const updateCounter = () => {
    setText(counter, `${fields.message.value.length}/${CONTACT_MESSAGE_MAX}`);
  };
  const showErrors = (errors: ContactErrors) => {
    for (const name of FIELD_NAMES) showFieldError(fields[name], errors[name]);
  };
  const setSubmitting = (submitting: boolean) => {
    for (const field of [...Object.values(fields), submit]) field.disabled = submitting;
    form.setAttribute('aria-busy', String(submitting));
    setText(submit, submitting ? CONTACT_SENDING : CONTACT_SEND);
  };
  const setAlert = (message: string | null) => {
    alert?.remove();
    alert = message
      ? element('div', { role: 'alert', className: alertClass('error') }, message)
      : null;
    if (alert) form.prepend(alert);
  };
  const reset = () => {
    for (const node of thanks) node.remove();
    thanks = [];
    form.hidden = false;
    for (const field of Object.values(fields)) field.value = '';
    showErrors({});
    setAlert(null);
    setSubmitting(false);
    updateCounter();
  };
  const showThanks = () => {
    const again = element(
      'button',
      { type: 'button', className: buttonClass('secondary', 'mt-6') },
      CONTACT_SEND_ANOTHER,
    );
    again.addEventListener('click', reset, { signal: siteSignal });
    thanks = [
      element(
        'div',
        { role: 'status' },
        element('h2', { className: 'text-2xl font-bold' }, CONTACT_THANKS),
        element('p', { className: 'mt-2 text-slate-600' }, CONTACT_THANKS_LEAD),
      ),
      again,
    ];
    form.hidden = true;
    card.append(...thanks);
  };

  const opts = { signal: siteSignal };
  form.addEventListener(
    'input',
    (event) => {
      const field = event.target as Field;
      if (field === fields.message) updateCounter();
      showFieldError(field, undefined);
    },
    opts,
  );
  form.addEventListener(
    'submit',
    async (event) => {
      event.preventDefault();
      const checked = checkContact({
        name: fields.name.value,
        email: fields.email.value,
        message: fields.message.value,
      });
      showErrors(checked.errors ?? {});
      if (!checked.data) {
        focusFirstInvalid(form);
        return;
      }
      setAlert(null);
      setSubmitting(true);
      let failure: string | null = null;
      try {
        const res = await requestRaw('POST', '/contact', checked.data);
        const ok = res.ok && (res.body as { ok?: unknown } | null)?.ok === true;
        if (!ok) failure = CONTACT_SERVER_ERROR;
      } catch (error) {
        failure = error instanceof NetworkError ? CONTACT_NETWORK_ERROR : CONTACT_SERVER_ERROR;
      }
      setSubmitting(false);
      if (failure) setAlert(failure);
      else showThanks();
    },
    opts,
  );
  onHandOver(reset);
}
