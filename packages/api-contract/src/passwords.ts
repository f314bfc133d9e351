import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_RULES } from './password-rules.ts';

export * from './password-rules.ts';

export const strongPasswordSchema = z
  .string()
  .max(PASSWORD_MAX_LENGTH, 'Password is too long.')
  .superRefine((password, ctx) => {
    for (const rule of PASSWORD_RULES) {
      if (!rule.test(password)) ctx.addIssue({ code: 'custom', message: rule.message });
    }
  });
