import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError, messageFor, parseRetryAfter } from './api.ts';

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP dates', () => {
    expect(parseRetryAfter('30')).toBe(30);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:01:30 GMT', now)).toBe(90);
  });
});

describe('messageFor', () => {
  it("prefers the server's text for a request it understood", () => {
    expect(messageFor(new ApiError(409, 'Email taken'), 'Could not update email')).toBe(
      'Email taken',
    );
  });
  it('uses the fallback for a missing endpoint, a server fault or the network', () => {
    expect(messageFor(new ApiError(404, 'Not Found'), 'Could not start checkout')).toBe(
      'Could not start checkout',
    );
    expect(messageFor(new ApiError(500, 'boom'), 'X')).toBe('X');
    expect(messageFor(new ApiError(400, null), 'X')).toBe('X');
    expect(messageFor(new NetworkError(new Error('down')), 'X')).toBe('X');
  });
});
