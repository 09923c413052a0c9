import type { StudioConfig } from '@portal/plugin-api/studio';

/** A line under the publish buttons: what the last action came to. */
export type StudioMessage = { ok: boolean; text: string };

/** What the studio page holds for this session (the manifests themselves come from the gateway). */
export type StudioState = {
  /** This session's changes and the version they were made from (null: unknown, so not publishable). */
  work: { base: number | null; manifest: StudioConfig } | null;
  /** The saved draft is set aside once published or replaced by the latest version. */
  draftSetAside: boolean;
  /** A publication the gateway refused because another version was published since its base. */
  conflict: { since: number; base: number | null } | null;
  listIndex: number;
  /** The item of the list whose rule is being edited. */
  selected: number | null;
  comment: string;
  message: StudioMessage | null;
  /** The JSON as typed, until it is applied; null shows the current manifest. */
  json: string | null;
  widgetToAdd: string | null;
};

export type StudioAction =
  | { type: 'edited'; base: number | null; manifest: StudioConfig }
  | { type: 'latestReloaded' }
  | { type: 'published'; version: number; manifest: StudioConfig; message: StudioMessage }
  | { type: 'publishRefused'; conflict: StudioState['conflict']; message: StudioMessage | null }
  | { type: 'listChosen'; index: number }
  | { type: 'selected'; index: number | null }
  | { type: 'commented'; comment: string }
  | { type: 'told'; message: StudioMessage | null }
  | { type: 'jsonTyped'; json: string | null }
  | { type: 'widgetChosen'; widget: string | null };

export const initialStudioState: StudioState = {
  work: null,
  draftSetAside: false,
  conflict: null,
  listIndex: 0,
  selected: null,
  comment: '',
  message: null,
  json: null,
  widgetToAdd: null,
};

export function studioReducer(state: StudioState, action: StudioAction): StudioState {
  switch (action.type) {
    case 'edited':
      // A new change makes the last message stale.
      return { ...state, work: { base: action.base, manifest: action.manifest }, message: null };
    case 'latestReloaded':
      return { ...state, work: null, draftSetAside: true, conflict: null, message: null };
    case 'published':
      // The gateway consumed the draft; this page's manifest is now the published one.
      return {
        ...state,
        work: { base: action.version, manifest: action.manifest },
        draftSetAside: true,
        comment: '',
        message: action.message,
      };
    case 'publishRefused':
      return { ...state, conflict: action.conflict ?? state.conflict, message: action.message };
    case 'listChosen':
      return { ...state, listIndex: action.index, selected: null };
    case 'selected':
      return { ...state, selected: action.index };
    case 'commented':
      return { ...state, comment: action.comment };
    case 'told':
      return { ...state, message: action.message };
    case 'jsonTyped':
      return { ...state, json: action.json };
    case 'widgetChosen':
      return { ...state, widgetToAdd: action.widget };
  }
}
