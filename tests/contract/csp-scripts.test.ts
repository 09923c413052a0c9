// The built portal's Content-Security-Policy names exactly the hosts of the third-party scripts the
// build enables (issue 15): none in the demo, each enabled one when its flags are on.
import { describe, expect, it } from 'vitest';
import manifest from '../../portal.config.json' with { type: 'json' };
import { enabledScriptOrigins } from '../../scripts/vite-dev-csp.ts';

describe('script origins of the CSP', () => {
  it('none while the third-party scripts flag is off (the demo)', () => {
    expect(
      enabledScriptOrigins(manifest, { VITE_FF_THIRD_PARTY_SCRIPTS: 'false', VITE_FF_ANALYTICS: 'true' }),
    ).toEqual([]);
  });

  it('exactly the enabled ones: analytics only when its own flag is on too, single sign-on with its flag', () => {
    expect(
      enabledScriptOrigins(manifest, {
        VITE_FF_THIRD_PARTY_SCRIPTS: 'true',
        VITE_FF_ANALYTICS: 'false',
        VITE_FF_SINGLE_SIGN_ON: 'false',
      }),
    ).toEqual(['https://cdn.tour.example', 'https://widget.chat.example']);
    expect(
      enabledScriptOrigins(manifest, {
        VITE_FF_THIRD_PARTY_SCRIPTS: 'true',
        VITE_FF_ANALYTICS: 'true',
        VITE_FF_SINGLE_SIGN_ON: 'true',
      }),
    ).toEqual([
      'https://cdn.eu.analytics.example',
      'https://cdn.tour.example',
      'https://cdns.sso.example',
      'https://widget.chat.example',
    ]);
  });
});
