// The upload rules (size limit, allowed extensions and types, the entity quota and the rate per person)
// from the manifest's `constants.documents`: the portal checks a file with the same rules before sending
// it, the gateway again when it arrives.
import { readFileSync } from 'node:fs';
import type { Limit } from '../auth/throttle.ts';

export type UploadRules = {
  maxBytes: number;
  allowedTypes: readonly string[];
  /** Lower case, with the dot: a name must end with one of them (the manifest's list). */
  allowedExtensions: readonly string[];
  /** Bytes of documents and report files one entity may hold (413 quota_exceeded beyond). */
  entityQuotaBytes: number;
  /** Uploads one person may start in a window (429 beyond), counted by the shared throttle. */
  uploadsPerUser: Limit;
};

/** 2 GiB an entity: some hundred thousand scanned pages, while one person cannot fill a disk. */
const DEFAULT_QUOTA = 2 * 1024 ** 3;
/** 30 files in 10 minutes: a month's receipts dropped at once pass; a script looping on 20 MiB does not. */
const DEFAULT_RATE: Limit = { max: 30, windowMs: 10 * 60_000 };

const FALLBACK: UploadRules = {
  maxBytes: 20 * 1024 * 1024,
  allowedTypes: ['application/pdf'],
  allowedExtensions: ['.pdf'],
  entityQuotaBytes: DEFAULT_QUOTA,
  uploadsPerUser: DEFAULT_RATE,
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const strings = (value: unknown[]) => value.filter((item): item is string => typeof item === 'string');
const positive = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;

function rateOf(value: unknown): Limit {
  return isRecord(value) && positive(value['max']) && positive(value['windowSeconds'])
    ? { max: value['max'], windowMs: value['windowSeconds'] * 1000 }
    : DEFAULT_RATE;
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
      const quota = documents['entityQuotaBytes'];
      rules = {
        maxBytes: documents['maxFileSizeBytes'],
        allowedTypes: strings(documents['allowedTypes']),
        allowedExtensions: strings(documents['allowedExtensions']).map((extension) =>
          extension.toLowerCase(),
        ),
        entityQuotaBytes: positive(quota) ? quota : DEFAULT_QUOTA,
        uploadsPerUser: rateOf(documents['uploadsPerUser']),
      };
    } else warn(`${manifestPath}: no constants.documents; uploads use the fallback rules`);
  } catch (error) {
    warn(`${manifestPath}: unreadable (${String(error)}); uploads use the fallback rules`);
  }
  return maxBytes !== undefined && Number.isInteger(maxBytes) && maxBytes > 0
    ? { ...rules, maxBytes }
    : rules;
}
