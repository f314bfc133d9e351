import type { ContactInput } from '@thankly/api-contract';
import type { Database } from '../infrastructure/db/database.ts';
import { contactMessages } from '../infrastructure/db/schema.ts';

/** Stored before it is forwarded, so a relay outage never loses a message. */
export async function storeContactMessage(
  db: Database,
  message: ContactInput & { userId: string | null; isPriority: boolean },
): Promise<void> {
  await db.insert(contactMessages).values(message);
}
