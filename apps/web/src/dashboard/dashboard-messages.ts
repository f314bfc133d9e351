// What the dashboard says, in one place: tests and the product spec quote these words.
import { TEMPLATE_MESSAGES } from '@thankly/api-contract/catalog';

export const DASHBOARD_MESSAGES = {
  selected: 'Template selected - we will use this for future emails.',
  selectFailed: 'Whoops... failed to select template. Try again later.',
  deleted: 'Template deleted.',
  selectionCleared:
    'It was your selected template, so no template is selected now: new orders get no email until you choose one with Select.',
  deleteFailed: 'Whoops... failed to delete template. Try again later.',
  testSent: 'Test email sent! Check your inbox...',
  testFailed: 'Failed to send test email',
  testHasBlanks:
    'Some details in this email will be blank for your buyers. Open the template to see which ones and how to fill them.',
  slotsUsedUp: TEMPLATE_MESSAGES.slotsUsedUp,
  empty: 'No templates yet. Create your first!',
  createFirst: 'Create your first template',
  dailyLimitReached: 'Daily limit reached.',
  ordersSkipped: 'Orders paid from now until midnight (Athens time) are skipped, not emailed.',
} as const;

/** Spec section 5: a new template only while below the plan's allowance, or when there are none. */
export function canCreateTemplate(count: number, tempLimit: number | undefined): boolean {
  if (count === 0 || tempLimit === undefined) return true;
  return count < tempLimit;
}
