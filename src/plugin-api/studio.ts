/*
 * `@portal/plugin-api/studio`: what the studio plugin needs of the engine to edit and preview a
 * manifest, as its own entry so none of it reaches the first pages (only the studio's lazy page imports
 * it). The manifest's types, the validator and lint, the condition evaluator with its trace, and the
 * navigation selectors the portal itself runs.
 *
 * @example
 * const { config, known } = useStudioSetup();
 * const result = validateManifest(draft, known);
 */
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { factNames } from '../../kernel/schemas/facts.ts';
import type { Condition, PortalConfig } from '../../kernel/schemas/portal-config.ts';
import type { KnownPlugins } from '../../kernel/manifest/lint.ts';
import { checkWidgetOptions } from '../../kernel/manifest/widget-options.ts';
import { useRuntime } from '../plugin-host/runtime.tsx';

export type StudioConfig = PortalConfig;
export type StudioCondition = Condition;
export type { KnownPlugins };
export type { ManifestProblem } from '../../kernel/manifest/problems.ts';
export type { ManifestValidation } from '../../kernel/manifest/validate.ts';
export type { ConditionContext, ConditionTrace } from '../../kernel/conditions/evaluate.ts';
export type { RouteAccess } from '../manifest/navigation.ts';
export { validateManifest } from '../../kernel/manifest/validate.ts';
// The branding form's contrast verdict: the same ratio and threshold as the lint's check at publication.
export { WCAG_AA_TEXT, contrastRatio } from '../../kernel/manifest/contrast.ts';
export type { Change, ListItem, ListKey, StudioTranslate } from '../manifest/manifest-diff.ts';
export { whyHidden } from '../manifest/why-hidden.ts';
export {
  describeChange,
  diffManifests,
  itemsOf,
  listKeyId,
  listsOf,
  listTitle,
} from '../manifest/manifest-diff.ts';
export { evaluateCondition, formatTrace } from '../../kernel/conditions/evaluate.ts';
export { buildConditionContext } from '../../kernel/conditions/context.ts';
export type { PreviewContext } from '../../kernel/conditions/preview-context.ts';
export { previewSnapshot } from '../../kernel/conditions/preview-context.ts';
export {
  chooseWidgetSet,
  resolveLanding,
  routeAccess,
  visibleOverviewTabs,
  visibleSidebarItems,
  visibleWalletTabs,
} from '../manifest/navigation.ts';

/** The facts a condition may name (kernel/schemas/facts.ts). */
export const studioFactNames: readonly string[] = factNames;

/**
 * The manifest the portal runs on now and what its plugins provide (pages, widgets, their sizes and the
 * precompiled check of their options, so the studio refuses what the gateway would).
 */
export function useStudioSetup(): {
  config: PortalConfig;
  known: KnownPlugins;
  flags: Readonly<Record<string, boolean>>;
} {
  const { config, registry, flags } = useRuntime();
  const known = useMemo(() => ({ ...registry.known, checkOptions: checkWidgetOptions }), [registry.known]);
  return { config, known, flags };
}

/** The text of a manifest label (an i18n key of the engine's namespace: titles, permission labels). */
export function useManifestLabel(): (key: string) => string {
  const { t } = useTranslation('common');
  // Manifest keys are data, not literals of the code: the typed key set does not apply to them.
  const translate = t as unknown as (key: string) => string;
  return useCallback((key: string) => translate(key), [translate]);
}
