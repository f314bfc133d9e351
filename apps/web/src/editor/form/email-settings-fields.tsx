// The template fields that shape the email around the design: the inbox preview line and the
// language (lang/dir of the email and the words of the unsubscribe footer).
import { useId } from 'react';
import { PREHEADER_MAX_LENGTH, TEMPLATE_LANGUAGES, type TemplateLanguage } from '@thankly/email';
import { TextField } from '../../components/ui.tsx';
import type { TemplateFields } from './template-form.ts';

type Settings = Pick<TemplateFields, 'preheader' | 'language'>;

export function EmailSettingsFields({
  value,
  error,
  onChange,
}: {
  value: Settings;
  error: string | null;
  onChange: (patch: Partial<Settings>) => void;
}) {
  const languageId = useId();
  const languageHintId = `${languageId}-hint`;
  const left = PREHEADER_MAX_LENGTH - value.preheader.length;
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem] sm:items-start">
      <TextField
        label="Preview text"
        value={value.preheader}
        maxLength={PREHEADER_MAX_LENGTH}
        // Hebrew or Arabic preview text reads right to left while it is typed.
        dir="auto"
        placeholder="Shown after the subject in the inbox, e.g. Your 20% code is inside"
        hint={`Inboxes show it next to the subject; tokens work here. ${left} characters left.`}
        error={error}
        onChange={(e) => onChange({ preheader: e.target.value })}
      />
      <div>
        <label htmlFor={languageId} className="mb-1 block text-sm font-medium text-slate-800">
          Email language
        </label>
        <select
          id={languageId}
          value={value.language}
          aria-describedby={languageHintId}
          onChange={(e) => onChange({ language: e.target.value as TemplateLanguage })}
          className="focus-ring block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm sm:text-sm"
        >
          {TEMPLATE_LANGUAGES.map((l) => (
            <option key={l.code} value={l.code} lang={l.code}>
              {l.name === l.englishName ? l.name : `${l.name} (${l.englishName})`}
            </option>
          ))}
        </select>
        <p id={languageHintId} className="mt-1 text-xs text-slate-500">
          Sets reading direction and the language of the unsubscribe footer.
        </p>
      </div>
    </div>
  );
}
