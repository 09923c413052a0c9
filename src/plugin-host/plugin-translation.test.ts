import { describe, expectTypeOf, it } from 'vitest';
import type newsMessages from '../../locales/fr-FR/news.json';
import type { TranslationKey, TypedPluginTranslate } from './plugin-translation.ts';
import { pluginTranslation } from './plugin-translation.ts';

// These assertions run in `npm run typecheck` (tsc checks test files): a wrong key is a type error.
describe('typed plugin translations', () => {
  it('keys are the dotted paths of the fr-FR file, plural forms folded into their base key', () => {
    type Keys = TranslationKey<{
      rss: { title: string; count_one: string; count_other: string };
      empty: string;
    }>;
    expectTypeOf<Keys>().toEqualTypeOf<'rss.title' | 'rss.count' | 'empty'>();
  });

  it("a plugin's bound hook accepts its own keys and refuses any other", () => {
    const _useNewsT = pluginTranslation<typeof newsMessages>('news');
    type T = ReturnType<typeof _useNewsT>['t'];
    expectTypeOf<T>().toEqualTypeOf<TypedPluginTranslate<TranslationKey<typeof newsMessages>>>();
    expectTypeOf<'rss.empty'>().toExtend<Parameters<T>[0]>();
    // @ts-expect-error -- not a key of locales/fr-FR/news.json
    expectTypeOf<'rss.nope'>().toExtend<Parameters<T>[0]>();
    // @ts-expect-error -- a key of another plugin's namespace
    expectTypeOf<'lab.link'>().toExtend<Parameters<T>[0]>();
  });
});
