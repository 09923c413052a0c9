import { describe, expect, it } from 'vitest';
import type { StudioConfig } from '@portal/plugin-api/studio';
import { initialStudioState, studioReducer } from './studio-state.ts';
import type { StudioState } from './studio-state.ts';

// The reducer only stores the manifest: any object stands for one.
const manifest = (name: string) => ({ name }) as unknown as StudioConfig;
const told = { ok: false, text: 'Publication failed' };

describe('studio state', () => {
  it('keeps an edit with the version it was made from and clears the last message', () => {
    const state = studioReducer(
      { ...initialStudioState, message: told },
      {
        type: 'edited',
        base: 7,
        manifest: manifest('a'),
      },
    );
    expect(state.work).toEqual({ base: 7, manifest: manifest('a') });
    expect(state.message).toBeNull();
  });

  it('after a publication starts from the published version, sets the draft aside and empties the comment', () => {
    const before: StudioState = {
      ...initialStudioState,
      comment: 'new menu',
      work: { base: 7, manifest: manifest('a') },
    };
    const message = { ok: true, text: 'Version 8 published' };
    const state = studioReducer(before, { type: 'published', version: 8, manifest: manifest('a'), message });
    expect(state).toMatchObject({ work: { base: 8 }, draftSetAside: true, comment: '', message });
  });

  it('keeps a known conflict when a later refusal names none', () => {
    const conflict = { since: 9, base: 7 };
    const refused = studioReducer(initialStudioState, { type: 'publishRefused', conflict, message: null });
    expect(refused.conflict).toEqual(conflict);
    const failedAgain = studioReducer(refused, { type: 'publishRefused', conflict: null, message: told });
    expect(failedAgain).toMatchObject({ conflict, message: told });
  });

  it('reloading the latest version drops the work, the draft, the conflict and the message', () => {
    const before: StudioState = {
      ...initialStudioState,
      work: { base: 7, manifest: manifest('a') },
      conflict: { since: 9, base: 7 },
      message: told,
    };
    expect(studioReducer(before, { type: 'latestReloaded' })).toMatchObject({
      work: null,
      draftSetAside: true,
      conflict: null,
      message: null,
    });
  });

  it('choosing another list forgets the selected item', () => {
    const state = studioReducer({ ...initialStudioState, selected: 3 }, { type: 'listChosen', index: 2 });
    expect(state).toMatchObject({ listIndex: 2, selected: null });
  });
});
