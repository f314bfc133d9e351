// Select, delete and send a test of a template, each with its toast; which card is busy with which.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TemplateSummary, TestEmailReply } from '@thankly/api-contract';
import { ApiError } from '../../lib/api.ts';
import { callApi } from '../../lib/call-api.ts';
import { toast } from '../../lib/toast.ts';
import { PRODUCT_PATH } from '../../route-meta.ts';
import { DASHBOARD_MESSAGES } from '../dashboard-messages.ts';
import { displayName } from './template-card.tsx';
import { refreshTemplates, templateKeys } from './template-queries.ts';

export type TemplateAction = 'select' | 'test' | 'delete';

export function useTemplateActions() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<{ id: string; action: TemplateAction } | null>(null);

  const select = useMutation({
    mutationFn: (id: string) => callApi('POST /templates/selectors/select/:id', { params: { id } }),
    onMutate: (id) => setBusy({ id, action: 'select' }),
    onSuccess: (reply) => {
      queryClient.setQueryData(templateKeys.selected, reply.selectedTemplateId);
      toast.success(DASHBOARD_MESSAGES.selected);
    },
    onError: () => toast.error(DASHBOARD_MESSAGES.selectFailed),
    onSettled: () => {
      setBusy(null);
      void refreshTemplates(queryClient);
    },
  });

  const remove = useMutation({
    mutationFn: (id: string) => callApi('DELETE /templates/:id', { params: { id } }),
    onMutate: (id) => setBusy({ id, action: 'delete' }),
    onSuccess: (reply, id) => {
      queryClient.setQueryData<TemplateSummary[]>(templateKeys.list, (list) =>
        list?.filter((t) => t.id !== id),
      );
      const wasSelected =
        reply.selectionCleared ?? queryClient.getQueryData(templateKeys.selected) === id;
      // Its warnings went with it: the refresh below must not ask for them (a 404).
      queryClient.removeQueries({ queryKey: templateKeys.emptyTokens(id) });
      toast.success(DASHBOARD_MESSAGES.deleted);
      if (wasSelected) {
        // Nothing takes its place on its own: the seller is told, and chooses.
        queryClient.setQueryData(templateKeys.selected, null);
        toast.info(DASHBOARD_MESSAGES.selectionCleared);
      }
    },
    onError: () => toast.error(DASHBOARD_MESSAGES.deleteFailed),
    onSettled: () => {
      setBusy(null);
      void refreshTemplates(queryClient);
    },
  });

  const sendTest = useMutation({
    mutationFn: (id: string): Promise<TestEmailReply> =>
      callApi('POST /emails/test/:id', { params: { id } }),
    onMutate: (id) => setBusy({ id, action: 'test' }),
    onSuccess: (reply, id) => {
      toast.success(DASHBOARD_MESSAGES.testSent, { key: 'test-email' });
      // The test shows what buyers get. What it leaves blank is said once, with the way to fix
      // it, rather than a toast per token on every send: the editor lists each one.
      if (reply.emptyTokens?.length)
        toast.info(DASHBOARD_MESSAGES.testHasBlanks, {
          action: { label: 'Open the template', to: `${PRODUCT_PATH}/create?id=${id}` },
        });
    },
    onError: (error) =>
      toast.error(
        (error instanceof ApiError && error.serverMessage) || DASHBOARD_MESSAGES.testFailed,
      ),
    onSettled: () => setBusy(null),
  });

  function confirmDelete(template: TemplateSummary) {
    const name = displayName(template);
    if (window.confirm(`Delete "${name}"? This cannot be undone.`)) remove.mutate(template.id);
  }

  return { busy, select, sendTest, confirmDelete };
}
