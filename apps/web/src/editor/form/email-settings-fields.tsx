// The template fields that shape the email around the design: the inbox preview line and the
// language (lang/dir of the email and the words of the unsubscribe footer).
import { PREHEADER_MAX_LENGTH, TEMPLATE_LANGUAGES } from '@thankly/email';
import { SelectField, TextField } from '../../components/ui/index.ts';
import type { TemplateFields } from './template-form.ts';

type Settings = Pick<TemplateFields, 'preheader' | 'language'>;

const LANGUAGE_OPTIONS = TEMPLATE_LANGUAGES.map((l) => ({
  value: l.code,
  lang: l.code,
  label: l.name === l.englishName ? l.name : `${l.name} (${l.englishName})`,
}));

export function EmailSettingsFields({
  value,
  error,
  onChange,
}: {
  value: Settings;
  error: string | null;
  onChange: (patch: Partial<Settings>) => void;
}) {
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
      <SelectField
        label="Email language"
        value={value.language}
        options={LANGUAGE_OPTIONS}
        hint="Sets reading direction and the language of the unsubscribe footer."
        onChange={(language) => onChange({ language })}
      />
    </div>
  );
}
