import { useState, type FormEvent } from 'react';
import type { Brand } from '@thankly/api-contract';
import { messageFor } from '../lib/api.ts';
import { toast } from '../lib/toast.ts';
import { useFocusFirstInvalid } from '../lib/use-focus-first-invalid.ts';
import { useLeaveGuard } from '../editor/form/use-leave-guard.ts';
import {
  BRAND_MESSAGES,
  brandPayload,
  formFromBrand,
  validateBrandForm,
  type BrandErrors,
  type BrandForm,
} from './brand-form.ts';
import { useSaveBrand } from './brand-queries.ts';

const SAVE_TOAST_KEY = 'save-brand';

/**
 * The brand form's state: what the seller typed, what is saved, the fields' messages, and Save,
 * which checks the form first and sends only what changed.
 */
export function useBrandEditor(savedBrand: Brand, { onSaved }: { onSaved?: () => void } = {}) {
  const save = useSaveBrand();
  const [saved, setSaved] = useState<BrandForm>(() => formFromBrand(savedBrand));
  const [form, setForm] = useState<BrandForm>(saved);
  const [errors, setErrors] = useState<BrandErrors>({});
  const [formRef, focusFirstInvalid] = useFocusFirstInvalid<HTMLFormElement>();
  const body = brandPayload(form, saved);
  const isDirty = Object.keys(body).length > 0;
  useLeaveGuard(isDirty && !save.isPending);

  function change(patch: Partial<BrandForm>) {
    setForm((f) => ({ ...f, ...patch }));
    // A field's message goes as soon as the seller edits that field.
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[key as keyof BrandForm];
      return next;
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems = validateBrandForm(form);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusFirstInvalid();
      return;
    }
    save.mutate(body, {
      onSuccess: (brand) => {
        const next = formFromBrand(brand);
        setSaved(next);
        setForm(next);
        toast.success(BRAND_MESSAGES.saved, { key: SAVE_TOAST_KEY });
        onSaved?.();
      },
      onError: (error) =>
        toast.error(messageFor(error, BRAND_MESSAGES.saveFailed), { key: SAVE_TOAST_KEY }),
    });
  }

  return { form, errors, formRef, change, submit, isDirty, saving: save.isPending };
}
