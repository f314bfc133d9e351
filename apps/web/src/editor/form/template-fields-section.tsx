// The template's own fields above the canvas: name, subject, the tokens list, preview text and
// language, the token warnings, and conditional sending where the plan has it.
import { TEMPLATE_NAME_MAX, TEMPLATE_SUBJECT_MAX } from '@thankly/api-contract/catalog';
import { TextField } from '../../components/ui/index.ts';
import { ConditionalPanel } from './conditional-panel.tsx';
import { EmailSettingsFields } from './email-settings-fields.tsx';
import { EmptyTokensWarning } from './empty-tokens-warning.tsx';
import { ReviewRequestIncentiveWarning } from './review-request-incentive-warning.tsx';
import type { FieldError, TemplateFields } from './template-form.ts';
import { TokensPopover } from './tokens-popover.tsx';
import { UnknownTokensWarning } from './unknown-tokens-warning.tsx';

export function TemplateFieldsSection({
  templateId,
  fields,
  error,
  conditionalAvailable,
  onChange,
}: {
  templateId: string | null;
  fields: TemplateFields;
  error: FieldError | null;
  conditionalAvailable: boolean;
  onChange: (patch: Partial<TemplateFields>) => void;
}) {
  const dateError =
    error && (error.field === 'startDate' || error.field === 'endDate') ? error : null;
  return (
    <>
      <div
        className="mt-5 grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_auto] sm:items-end"
        data-native-undo
      >
        <TextField
          label="Template Name"
          value={fields.name}
          maxLength={TEMPLATE_NAME_MAX}
          error={error?.field === 'name' ? error.message : null}
          onChange={(e) => onChange({ name: e.target.value })}
        />
        <TextField
          label="Email Subject"
          value={fields.subject}
          maxLength={TEMPLATE_SUBJECT_MAX}
          onChange={(e) => onChange({ subject: e.target.value })}
        />
        <TokensPopover />
      </div>
      <div className="mt-3 space-y-3">
        <div data-native-undo>
          <EmailSettingsFields
            value={fields}
            error={error?.field === 'preheader' ? error.message : null}
            onChange={onChange}
          />
        </div>
        <UnknownTokensWarning subject={fields.subject} preheader={fields.preheader} />
        <EmptyTokensWarning
          templateId={templateId}
          subject={fields.subject}
          preheader={fields.preheader}
          dated={fields.sendConditions.enabled}
        />
        <ReviewRequestIncentiveWarning
          templateId={templateId}
          subject={fields.subject}
          preheader={fields.preheader}
        />
        {conditionalAvailable ? (
          <ConditionalPanel
            value={fields.sendConditions}
            onChange={(sendConditions) => onChange({ sendConditions })}
            errorField={dateError ? (dateError.field as 'startDate' | 'endDate') : null}
            error={dateError?.message ?? null}
          />
        ) : null}
      </div>
    </>
  );
}
