// Send test from the editor: what is on screen, saved or not, goes to the seller's own address.
// What it will leave empty for buyers is already shown above the canvas, so only the result is said.
import { useMutation } from '@tanstack/react-query';
import type { TestEmailReply } from '@thankly/api-contract';
import { ApiError } from '../../lib/api.ts';
import { callApi } from '../../lib/call-api.ts';
import { toast } from '../../lib/toast.ts';
import { DASHBOARD_MESSAGES } from '../../dashboard/dashboard-messages.ts';
import type { EditorStore } from '../store/editor-store.ts';
import {
  buildPayload,
  validateTemplate,
  type FieldError,
  type TemplateFields,
} from './template-form.ts';

export function useSendTest({
  store,
  fields,
  conditionalAvailable,
  onInvalid,
}: {
  store: EditorStore;
  fields: TemplateFields;
  conditionalAvailable: boolean;
  onInvalid: (problem: FieldError | null) => void;
}) {
  const mutation = useMutation({
    mutationFn: (): Promise<TestEmailReply> =>
      callApi('POST /emails/test', {
        body: buildPayload(fields, store.getState().design, { conditionalAvailable }),
      }),
    onSuccess: () => toast.success(DASHBOARD_MESSAGES.testSent, { key: 'test-email' }),
    onError: (error) =>
      toast.error(
        (error instanceof ApiError && error.serverMessage) || DASHBOARD_MESSAGES.testFailed,
        { key: 'test-email' },
      ),
  });

  function sendTest() {
    // The server checks what a save checks; saying it beside the field is quicker than a toast.
    const problem = validateTemplate(fields, { conditionalAvailable });
    onInvalid(problem);
    if (!problem) mutation.mutate();
  }

  return { sendTest, sending: mutation.isPending };
}
