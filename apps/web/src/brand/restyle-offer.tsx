// After a brand save: "Restyle your N templates with the new brand?". Accepting restyles every
// saved template in one step (what the seller set by hand stays), and an Undo right there puts
// them back exactly as they were.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RESTYLE_MESSAGES } from '@thankly/api-contract';
import { Alert, Button } from '../components/ui/index.ts';
import { messageFor } from '../lib/api.ts';
import { callApi } from '../lib/call-api.ts';
import { toast } from '../lib/toast.ts';

const TOAST_KEY = 'restyle';

export type RestyleState =
  | { step: 'none' }
  | { step: 'offer'; count: number }
  | { step: 'done'; count: number; restyleId: string }
  | { step: 'undone'; restored: number; kept: number };

/** The offer's state, and what asks the server whether there is anything to offer after a save. */
export function useRestyleOffer() {
  const [state, setState] = useState<RestyleState>({ step: 'none' });
  async function checkAfterSave() {
    setState({ step: 'none' });
    try {
      const { templates } = await callApi('GET /brand/restyle');
      if (templates > 0) setState({ step: 'offer', count: templates });
    } catch {
      // The offer is a help, not the save: without an answer the page says nothing more.
    }
  }
  return { state, setState, checkAfterSave };
}

export function RestyleOffer({
  state,
  setState,
}: {
  state: RestyleState;
  setState: (state: RestyleState) => void;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  // Every template screen reads the restyled (or restored) templates afresh.
  const refreshTemplates = () => queryClient.invalidateQueries({ queryKey: ['templates'] });

  async function restyle() {
    setBusy(true);
    try {
      const result = await callApi('POST /brand/restyle', { body: {} });
      void refreshTemplates();
      setState(
        result.restyleId
          ? { step: 'done', count: result.restyled, restyleId: result.restyleId }
          : { step: 'none' },
      );
    } catch (error) {
      toast.error(messageFor(error, RESTYLE_MESSAGES.failed), { key: TOAST_KEY });
    } finally {
      setBusy(false);
    }
  }

  async function undo(restyleId: string) {
    setBusy(true);
    try {
      const result = await callApi('POST /brand/restyle/:id/undo', { params: { id: restyleId } });
      void refreshTemplates();
      setState({ step: 'undone', ...result });
    } catch (error) {
      toast.error(messageFor(error, RESTYLE_MESSAGES.undoFailed), { key: TOAST_KEY });
    } finally {
      setBusy(false);
    }
  }

  if (state.step === 'none') return null;
  if (state.step === 'undone') {
    return (
      <Alert tone="success">
        {state.kept > 0
          ? RESTYLE_MESSAGES.undoneKept(state.restored, state.kept)
          : RESTYLE_MESSAGES.undone}
      </Alert>
    );
  }
  if (state.step === 'done') {
    return (
      <div
        role="status"
        data-restyle-offer
        className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
      >
        <span>{RESTYLE_MESSAGES.done(state.count)}</span>
        <Button variant="secondary" onClick={() => undo(state.restyleId)} disabled={busy}>
          {RESTYLE_MESSAGES.undo}
        </Button>
      </div>
    );
  }
  return (
    <section
      aria-labelledby="restyle-offer-heading"
      data-restyle-offer
      className="space-y-3 rounded-lg border border-brand-100 bg-brand-50 px-4 py-4"
    >
      <h3 id="restyle-offer-heading" className="text-sm font-semibold text-slate-900">
        {RESTYLE_MESSAGES.offer(state.count)}
      </h3>
      <p className="text-sm text-slate-700">{RESTYLE_MESSAGES.offerDetail}</p>
      <div className="flex flex-wrap gap-3">
        <Button onClick={restyle} disabled={busy}>
          {busy ? 'Restyling…' : RESTYLE_MESSAGES.accept(state.count)}
        </Button>
        <Button variant="ghost" onClick={() => setState({ step: 'none' })} disabled={busy}>
          {RESTYLE_MESSAGES.decline}
        </Button>
      </div>
    </section>
  );
}
