// The upload rules (size limit, allowed extensions and types) from the manifest's `constants.documents`: the portal
// checks a file with the same rules before sending it, the gateway again when it arrives.
import { readFileSync } from 'node:fs';
import type { UploadRules } from './documents-handlers.ts';

const FALLBACK: UploadRules = {
  maxBytes: 20 * 1024 * 1024,
  allowedTypes: ['application/pdf'],
  allowedExtensions: ['.pdf'],
};

const strings = (value: unknown[]) => value.filter((item): item is string => typeof item === 'string');

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The manifest's rules; `maxBytes` overrides the size (tests, GATEWAY_MAX_UPLOAD_BYTES). */
export function loadUploadRules(
  manifestPath: string,
  maxBytes: number | undefined,
  warn: (message: string) => void,
): UploadRules {
  let rules = FALLBACK;
  try {
    const manifest: unknown = JSON.parse(readFileSync(manifestPath, 'utf8'));
    const documents =
      isRecord(manifest) && isRecord(manifest['constants']) ? manifest['constants']['documents'] : undefined;
    if (
      isRecord(documents) &&
      typeof documents['maxFileSizeBytes'] === 'number' &&
      Array.isArray(documents['allowedTypes']) &&
      Array.isArray(documents['allowedExtensions'])
    ) {
      rules = {
        maxBytes: documents['maxFileSizeBytes'],
        allowedTypes: strings(documents['allowedTypes']),
        allowedExtensions: strings(documents['allowedExtensions']).map((extension) =>
          extension.toLowerCase(),
        ),
      };
    } else warn(`${manifestPath}: no constants.documents; uploads use the fallback rules`);
  } catch (error) {
    warn(`${manifestPath}: unreadable (${String(error)}); uploads use the fallback rules`);
  }
  return maxBytes !== undefined && Number.isInteger(maxBytes) && maxBytes > 0
    ? { ...rules, maxBytes }
    : rules;
}
