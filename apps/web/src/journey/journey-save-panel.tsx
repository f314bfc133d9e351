// The journey's own settings and Save: its clock, what stops a save, and whether anything is left
// to save. Sticky beside the timeline on wide screens; after it on phones.
import { Alert, Button, Card } from '../components/ui/index.ts';
import type { JourneyErrors } from './journey-validation.ts';
import { TimeZoneField } from './time-zone-field.tsx';
import { JOURNEY_SAVE_MESSAGES } from './use-journey-editor.ts';

export function JourneySavePanel({
  timeZone,
  onTimeZoneChange,
  errors,
  saveError,
  isDirty,
  saving,
}: {
  timeZone: string;
  onTimeZoneChange: (zone: string) => void;
  errors: JourneyErrors;
  saveError: string | null;
  isDirty: boolean;
  saving: boolean;
}) {
  const hasStepErrors = Object.keys(errors.steps).length > 0;
  return (
    <Card aria-labelledby="journey-settings-heading" className="space-y-5 lg:sticky lg:top-24">
      <h2 id="journey-settings-heading" className="text-lg font-semibold text-slate-900">
        Journey settings
      </h2>
      <TimeZoneField value={timeZone} error={errors.timeZone} onChange={onTimeZoneChange} />
      <div className="space-y-3 border-t border-slate-200 pt-5">
        {errors.general ? <Alert>{errors.general}</Alert> : null}
        {hasStepErrors ? <Alert>{JOURNEY_SAVE_MESSAGES.fixErrors}</Alert> : null}
        {saveError ? <Alert>{saveError}</Alert> : null}
        <Button type="submit" className="w-full" disabled={saving || !isDirty}>
          {saving ? 'Saving…' : 'Save journey'}
        </Button>
        <p role="status" className="text-center text-sm text-slate-600">
          {saving ? '' : isDirty ? 'Unsaved changes' : 'All changes saved'}
        </p>
      </div>
    </Card>
  );
}
