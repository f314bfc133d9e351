// Tokens of the design being edited that real orders will leave empty for this seller, by the
// same rule the server applies to the dashboard and the test email.
import { useDeferredValue, useMemo } from 'react';
import { sellerTokenSources } from '@thankly/api-contract';
import { findEmptyTokens } from '@thankly/email';
import { EmptyTokensNotice } from '../../components/empty-tokens-notice.tsx';
import { useSendingSettings, useShops } from '../../dashboard/marketplace/marketplace-queries.ts';
import { selectDesign, useEditor } from '../store/use-editor.ts';

export function EmptyTokensWarning({ subject, preheader }: { subject: string; preheader: string }) {
  const design = useDeferredValue(useEditor(selectDesign));
  const settings = useSendingSettings();
  const shops = useShops();
  const warnings = useMemo(() => {
    // Until both are known there is nothing to say: a warning that flickers away is noise.
    if (!settings.data || !shops.data) return [];
    const sources = sellerTokenSources(settings.data.couponCode, shops.data);
    return findEmptyTokens({ design, subject, preheader }, sources);
  }, [design, subject, preheader, settings.data, shops.data]);
  return <EmptyTokensNotice warnings={warnings} />;
}
