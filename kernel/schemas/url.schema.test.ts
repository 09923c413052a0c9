// The address rules of the manifest (issue 27, item 13): what passes and what does not, read as the
// precompiled validators read them (ajv compiles patterns with the `u` flag).
import { describe, expect, it } from 'vitest';
import { identityUrl, safeUrl, sameOriginPathUrl } from './url.schema.ts';

const accepts = (pattern: string, value: string) => new RegExp(pattern, 'u').test(value);

describe('addresses the manifest may carry', () => {
  it.each([
    'https://cdn.tour.example/tour.js',
    'https://compta.example/{accountNumber}',
    'https://mandats.example:8443/a/b?c=d#e',
    'https://intranet.example',
    '/',
    '/scripts/chat.js',
    '/silent-renew.html?x=1',
  ])('accepts %s as a safe address', (value) => {
    expect(accepts(safeUrl.pattern, value)).toBe(true);
  });

  it.each([
    'http://cdn.tour.example/tour.js',
    'javascript:alert(1)',
    'data:text/javascript,alert(1)',
    '//evil.example/x.js',
    '/\\evil.example/x.js',
    'https://portal.example@evil.example/x.js',
    'https:///evil.example',
    'HTTPS://cdn.example/x.js',
    'https://cdn.example/a b',
    'https://cdn.example/"onload="x',
    ' https://cdn.example/x.js',
    'cdn.example/x.js',
    '',
  ])('refuses %j', (value) => {
    expect(accepts(safeUrl.pattern, value)).toBe(false);
  });

  it('takes only paths of the portal itself where a path is meant', () => {
    expect(accepts(sameOriginPathUrl.pattern, '/collaborateur')).toBe(true);
    expect(accepts(sameOriginPathUrl.pattern, '//evil.example')).toBe(false);
    expect(accepts(sameOriginPathUrl.pattern, '/\\evil.example')).toBe(false);
    expect(accepts(sameOriginPathUrl.pattern, 'https://evil.example/')).toBe(false);
  });

  it('takes an identity provider on https, or on http on this machine only', () => {
    expect(accepts(identityUrl.pattern, 'https://login.cabinet.example/oidc')).toBe(true);
    expect(accepts(identityUrl.pattern, 'http://127.0.0.1:4010/oidc')).toBe(true);
    expect(accepts(identityUrl.pattern, 'http://localhost:4010/oidc')).toBe(true);
    expect(accepts(identityUrl.pattern, 'http://[::1]:4010/oidc')).toBe(true);
    expect(accepts(identityUrl.pattern, 'http://127.0.0.1.evil.example/oidc')).toBe(false);
    expect(accepts(identityUrl.pattern, 'http://idp.example/oidc')).toBe(false);
    expect(accepts(identityUrl.pattern, '/oidc')).toBe(false);
  });
});
