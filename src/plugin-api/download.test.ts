import { describe, expect, it } from 'vitest';
import { DownloadError } from './download.ts';

describe('a refused upload or download', () => {
  it('keeps the gateway’s error code and a 429’s wait from its body', () => {
    const quota = DownloadError.fromAnswer(
      413,
      JSON.stringify({ error: 'quota_exceeded', message: 'full', quotaBytes: 2147483648 }),
      null,
    );
    expect({ status: quota.status, code: quota.code, wait: quota.retryAfterS }).toEqual({
      status: 413,
      code: 'quota_exceeded',
      wait: undefined,
    });
    const rate = DownloadError.fromAnswer(
      429,
      JSON.stringify({ error: 'too_many_requests', retryAfterS: 241 }),
      '241',
    );
    expect({ code: rate.code, wait: rate.retryAfterS }).toEqual({ code: 'too_many_requests', wait: 241 });
  });

  it('falls back on Retry-After, and on the status alone for a body that is not the gateway’s', () => {
    expect(DownloadError.fromAnswer(429, '<html>busy</html>', '30').retryAfterS).toBe(30);
    const proxy = DownloadError.fromAnswer(413, '<html>Request Entity Too Large</html>', null);
    expect({ status: proxy.status, code: proxy.code, wait: proxy.retryAfterS }).toEqual({
      status: 413,
      code: undefined,
      wait: undefined,
    });
  });
});
