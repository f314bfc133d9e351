// Tokens of the design being edited that real orders will leave empty for this seller, by the
// same rule the server applies to the dashboard and the test email. A template only journey steps
// after shipping send (never the thank-you) has its tracking tokens filled: no warning for those.
import { useDeferredValue, useMemo } from 'react';
import { type Journey, sellerTokenSources } from '@thankly/api-contract';
import { findEmptyTokens } from '@thankly/email';
import { EmptyTokensNotice } from '../../components/empty-tokens-notice.tsx';
import { useSendingSettings, useShops } from '../../dashboard/marketplace/marketplace-queries.ts';
import { useSelectedTemplateId } from '../../dashboard/templates/template-queries.ts';
import { useJourney } from '../../journey/journey-queries.ts';
import { selectDesign, useEditor } from '../store/use-editor.ts';

/** Journey steps send it, each once the order has shipped or arrived, and it is no thank-you. */
export function isSentOnceShipped(
  templateId: string | null,
  journey: Journey | undefined,
  thankYou: { selectedId: string | null | undefined; dated: boolean },
): boolean {
  if (!templateId || !journey || thankYou.dated) return false;
  // Until the selection is known, or while it is this template, it may go out at payment.
  if (thankYou.selectedId === undefined || thankYou.selectedId === templateId) return false;
  const steps = journey.steps.filter((s) => s.templateId === templateId);
  return (
    steps.length > 0 && steps.every((s) => s.trigger === 'shipped' || s.trigger === 'delivered')
  );
}

export function EmptyTokensWarning({
  templateId,
  subject,
  preheader,
  dated,
}: {
  /** null for a template not saved yet: no journey step can send it. */
  templateId: string | null;
  subject: string;
  preheader: string;
  /** Sent as the thank-you between two dates. */
  dated: boolean;
}) {
  const design = useDeferredValue(useEditor(selectDesign));
  const settings = useSendingSettings();
  const shops = useShops();
  const journey = useJourney({ enabled: templateId !== null });
  const selected = useSelectedTemplateId();
  const sentOnceShipped = isSentOnceShipped(templateId, journey.data, {
    selectedId: selected.data,
    dated,
  });
  const warnings = useMemo(() => {
    // Until both are known there is nothing to say: a warning that flickers away is noise.
    if (!settings.data || !shops.data) return [];
    const sources = sellerTokenSources(settings.data.couponCode, shops.data);
    return findEmptyTokens({ design, subject, preheader }, sources, { sentOnceShipped });
  }, [design, subject, preheader, settings.data, shops.data, sentOnceShipped]);
  return <EmptyTokensNotice warnings={warnings} />;
}
