// The Account page's switch for open and click tracking. The switch shows the server's saved state:
// it moves when the PUT succeeds, and an error says in words that nothing changed.
import { useId } from 'react';
import { Alert, Card } from '../components/ui/index.ts';
import { Switch } from '../components/ui/index.ts';
import { messageFor } from '../lib/api.ts';
import { toast } from '../lib/toast.ts';
import { useInsightsSettings, useSaveInsightsSettings } from './insights-queries.ts';
import { RedemptionWindowField } from './redemption-window-field.tsx';

export const TRACKING_LABEL = 'Track opens and clicks';
export const TRACKING_SAVE_FAILED = 'Could not save the tracking setting. Nothing changed.';
export const TRACKING_LOAD_FAILED = 'Could not load the tracking setting.';
export const TRACKING_SAVED = {
  on: 'Tracking on: new emails count opens and clicks',
  off: 'Tracking off: new emails are not tracked',
};

export function TrackingCard() {
  const id = useId();
  const settings = useInsightsSettings();
  const save = useSaveInsightsSettings();
  const enabled = settings.data?.trackingEnabled;
  return (
    <Card aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Insights tracking
      </h2>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        New thank-you emails carry a tiny invisible image and links that pass through Thankly, so
        Insights can count opens and clicks. Buyers’ unsubscribe links are never changed. Links in
        emails already sent keep working if you switch this off.
      </p>
      {settings.isError ? (
        <div className="mt-4">
          <Alert>{messageFor(settings.error, TRACKING_LOAD_FAILED)}</Alert>
        </div>
      ) : (
        <div className="mt-4 flex items-center justify-between gap-4">
          <span id={`${id}-label`} className="text-sm font-medium">
            {TRACKING_LABEL}
          </span>
          <div className="flex items-center gap-3">
            <span className="text-sm font-semibold" aria-hidden="true">
              {enabled === undefined ? '' : enabled ? 'On' : 'Off'}
            </span>
            <Switch
              checked={enabled ?? false}
              labelledBy={`${id}-label`}
              describedBy={`${id}-hint`}
              disabled={enabled === undefined || save.isPending}
              onChange={(trackingEnabled) =>
                save.mutate(
                  { trackingEnabled },
                  {
                    onSuccess: (saved) =>
                      toast.success(TRACKING_SAVED[saved.trackingEnabled ? 'on' : 'off'], {
                        key: 'tracking',
                      }),
                  },
                )
              }
            />
          </div>
        </div>
      )}
      {save.isError ? (
        <div className="mt-3">
          <Alert>{messageFor(save.error, TRACKING_SAVE_FAILED)}</Alert>
        </div>
      ) : null}
      {settings.isError ? null : (
        <RedemptionWindowField saved={settings.data?.redemptionWindowDays} />
      )}
    </Card>
  );
}
