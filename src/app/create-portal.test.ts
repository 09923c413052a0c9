import { describe, expect, it } from 'vitest';
import { ManifestError } from '../../kernel/manifest/problems.ts';
import { loadRealManifest } from '../testing/manifest.ts';
import { realPlugins } from '../testing/render-portal.tsx';
import { createPortal } from './create-portal.tsx';

/** The real manifest whose first home widget names a plugin this build does not have. */
function manifestWithUnknownWidget() {
  const manifest = loadRealManifest();
  const first = manifest.homeWidgets.sets[0]?.widgets[0];
  if (first === undefined) throw new Error('the real manifest has no home widget');
  first.widget = 'no-such-plugin/widget';
  return manifest;
}

// The check against the plugins is its own chunk (a start on the built-in manifest does not load it):
// a manifest an earlier build accepted (a cached publication) is still refused at start, naming the widget.
describe('the start checks a manifest against the plugins unless the build did', () => {
  it('refuses a manifest that names an unknown widget', async () => {
    const start = createPortal(manifestWithUnknownWidget(), realPlugins);
    await expect(start).rejects.toBeInstanceOf(ManifestError);
    await expect(start).rejects.toThrow(/no-such-plugin\/widget/);
  });

  it('takes the built-in manifest as checked: the build ran the same check (npm run validate)', async () => {
    const app = await createPortal(manifestWithUnknownWidget(), realPlugins, {
      checkedAgainstPlugins: true,
    });
    expect(app.runtime.config.homeWidgets.sets[0]?.widgets[0]?.widget).toBe('no-such-plugin/widget');
  });
});
