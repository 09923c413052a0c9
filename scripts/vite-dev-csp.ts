import type { Plugin } from 'vite';

/**
 * The dev server only: removes the Content-Security-Policy meta of index.html, because Vite's hot
 * reload and React refresh inject an inline script that the built portal's policy (script-src 'self')
 * forbids. `vite build` and `vite preview` keep the policy.
 */
export function devWithoutCsp(): Plugin {
  return {
    name: 'portal-dev-without-csp',
    apply: 'serve',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>/i, ''),
    },
  };
}

const ANY_LOOPBACK = 'http://127.0.0.1:* http://localhost:*';

/**
 * The built portal's policy names the configured identity provider's origin in connect-src (token calls)
 * and frame-src (the silent-renew frame), instead of any loopback port: index.html holds a placeholder
 * that only the build fills in.
 */
export function cspIdentityOrigin(authority: string): Plugin {
  const origin = new URL(authority).origin;
  return rewriteBuiltPolicy('portal-csp-identity-origin', ANY_LOOPBACK, (html) =>
    html.replaceAll(ANY_LOOPBACK, origin),
  );
}

/**
 * A build step on index.html's policy that starts from `placeholder`: the build fails when the policy no
 * longer holds it, rather than shipping a policy the step silently left as it was.
 */
function rewriteBuiltPolicy(name: string, placeholder: string, rewrite: (html: string) => string): Plugin {
  return {
    name,
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => {
        if (!html.includes(placeholder))
          throw new Error(`index.html: the CSP no longer holds "${placeholder}"`);
        return rewrite(html);
      },
    },
  };
}

type BuildCondition =
  | boolean
  | { all?: readonly BuildCondition[]; any?: readonly BuildCondition[]; not?: BuildCondition; flag?: string };

type ScriptEntry = { url: string; when?: unknown };

/**
 * Whether a script's `when` can hold in this build: flags are known from the environment (on only when
 * 'true'); what only the session knows (facts, permissions, offers) is taken as possibly true, so a
 * script the build may load is never left out of the policy.
 */
function mayHold(condition: unknown, flagOn: (name: string) => boolean): boolean {
  if (condition === undefined || typeof condition === 'boolean') return condition ?? true;
  const rule = condition as BuildCondition & object;
  if (rule.all !== undefined) return rule.all.every((part) => mayHold(part, flagOn));
  if (rule.any !== undefined) return rule.any.some((part) => mayHold(part, flagOn));
  if (rule.not !== undefined)
    return typeof rule.not === 'object' && 'flag' in rule.not ? !mayHold(rule.not, flagOn) : true;
  if (rule.flag !== undefined) return flagOn(rule.flag);
  return true;
}

/** The origins of the manifest's third-party scripts that this build may load, sorted. */
export function enabledScriptOrigins(
  manifest: {
    featureFlags: Readonly<Record<string, { env: string }>>;
    thirdPartyScripts: readonly ScriptEntry[];
  },
  env: Readonly<Record<string, string | undefined>>,
): string[] {
  const flagOn = (name: string) => {
    const variable = manifest.featureFlags[name]?.env;
    return variable !== undefined && env[variable] === 'true';
  };
  const origins = manifest.thirdPartyScripts
    .filter((script) => mayHold(script.when, flagOn))
    .map((script) => new URL(script.url).origin);
  return [...new Set(origins)].sort();
}

/**
 * The built portal's script-src names exactly the origins of the third-party scripts the build enables
 * (none in the demo, whose flag is off), and nothing else beside 'self'.
 */
export function cspScriptOrigins(origins: readonly string[]): Plugin {
  const selfOnly = "script-src 'self';";
  return rewriteBuiltPolicy('portal-csp-script-origins', selfOnly, (html) =>
    origins.length === 0 ? html : html.replace(selfOnly, `script-src 'self' ${origins.join(' ')};`),
  );
}
