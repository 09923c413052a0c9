// Files on disk in the files dir (`files` in the data dir, or GATEWAY_FILES_DIR): streamed in to a
// temporary file (never whole in memory), checked (size, type from the first bytes), then moved into
// place by a rename, which is atomic on one file system. The caller renames inside the transaction that
// inserts the file's row, so a row never points at a missing file; a crash between the two leaves at
// most an unreferenced file.
import { randomUUID } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import type { ReadStream } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StoredFileType } from '../../../kernel/contract/documents-routes.ts';
import { HttpError } from '../http/http-error.ts';
import { isOfficePackage } from './office-package.ts';

/** The types a file may have, by its first bytes; an extension only chooses among ZIP-based formats. */
const SIGNATURES: readonly { mimeType: StoredFileType; bytes: readonly number[] }[] = [
  { mimeType: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { mimeType: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mimeType: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { mimeType: 'application/zip', bytes: [0x50, 0x4b, 0x03, 0x04] },
];

const OFFICE_BY_EXTENSION: Readonly<Record<string, StoredFileType>> = {
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/**
 * The extensions a type may be offered under, the first being the one it gets when its name says
 * otherwise: the name a file is saved under decides what opens it, so it must tell the truth.
 */
const EXTENSIONS_BY_TYPE: Readonly<Record<string, readonly string[]>> = {
  'application/pdf': ['.pdf'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  ...Object.fromEntries(Object.entries(OFFICE_BY_EXTENSION).map(([extension, type]) => [type, [extension]])),
};

const MAX_NAME_LENGTH = 200;

/** The extension of a name, lower case with its dot ('.pdf'), or '' when it has none. */
function extensionOf(name: string): string {
  return /\.[^.]+$/.exec(name)?.[0].toLowerCase() ?? '';
}

/** The type of a file from its first bytes (and, for a ZIP container, its extension); null if unknown. */
export function sniffType(head: Uint8Array, fileName: string): StoredFileType | null {
  const match = SIGNATURES.find(({ bytes }) => bytes.every((byte, index) => head[index] === byte));
  if (!match) return null;
  if (match.mimeType !== 'application/zip') return match.mimeType;
  return OFFICE_BY_EXTENSION[extensionOf(fileName)] ?? match.mimeType;
}

/** True for the OOXML types, whose container must prove itself (see `isOfficePackage`). */
const isOfficeType = (mimeType: string) =>
  Object.values(OFFICE_BY_EXTENSION).some((officeType) => officeType === mimeType);

const GRAPHEMES = new Intl.Segmenter('en', { granularity: 'grapheme' });
const graphemesOf = (text: string) => Array.from(GRAPHEMES.segment(text), ({ segment }) => segment);
/** At most `max` characters as people count them: never half a surrogate pair (encodeURIComponent throws). */
const clip = (text: string, max: number) => graphemesOf(text).slice(0, max).join('');

/**
 * The name shown and offered on download: the last path segment only (no `../`), no control, format
 * (bidi overrides, zero widths) or separator characters, Unicode kept (NFC), at most 200 characters
 * with its extension kept. Never used as a path on disk.
 */
export function safeDisplayName(raw: string): string {
  const last = raw.split(/[/\\]/).pop() ?? '';
  const cleaned = last
    .normalize('NFC')
    // Cc (C0, DEL, C1) and Cf (U+202E and the other bidi controls, zero widths, BOM, soft hyphen): they
    // reorder or hide what a person reads, e.g. "Facture\u202Efdp.bat" shows as "Facturetab.pdf". Line and
    // paragraph separators break the line a name is shown on; the rest are refused by file systems.
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}<>:"|?*]/gu, '')
    .replace(/^[.\s]+/, '')
    .trim();
  if (cleaned === '') return 'document';
  const extension = extensionOf(cleaned);
  return graphemesOf(cleaned).length <= MAX_NAME_LENGTH || extension.length >= MAX_NAME_LENGTH / 2
    ? clip(cleaned, MAX_NAME_LENGTH)
    : `${clip(cleaned.slice(0, -extension.length), MAX_NAME_LENGTH - extension.length).trim()}${cleaned.slice(-extension.length)}`;
}

/** The extension a file of this type is offered with ('.pdf'), or '' for a type without one. */
export function typeExtension(mimeType: string): string {
  return EXTENSIONS_BY_TYPE[mimeType]?.[0] ?? '';
}

/** `name` with an extension of `mimeType`: kept when it is one (".jpeg" for a JPEG), else replaced. */
export function offeredName(name: string, mimeType: string): string {
  const extensions = EXTENSIONS_BY_TYPE[mimeType];
  const extension = extensionOf(name);
  if (extensions === undefined || extensions.includes(extension)) return name;
  return safeDisplayName(
    `${extension === '' ? name : name.slice(0, -extension.length)}${typeExtension(mimeType)}`,
  );
}
export { contentDisposition } from '../http/content-disposition.ts';

type ReceivedFile = { tempPath: string; size: number; mimeType: string };

export type FileStore = {
  /**
   * Streams `input` to a temporary file, enforcing the limit, the allowed extensions (of `fileName`, a
   * name from `safeDisplayName`) and types; cleans up on failure.
   */
  receive: (
    input: Readable,
    fileName: string,
    rules: {
      maxBytes: number;
      allowedTypes: readonly string[];
      allowedExtensions: readonly string[];
      /** Bytes the entity has left under its quota: beyond, 413 quota_exceeded (`quotaExceeded`). */
      room: { bytes: number; quotaBytes: number };
      isTruncated: () => boolean;
    },
  ) => Promise<ReceivedFile>;
  /** Moves a received file into place under a new random key (call inside the row's transaction). */
  commit: (received: ReceivedFile) => string;
  /** Writes seed bytes under a new key. */
  put: (bytes: Buffer) => string;
  open: (key: string) => ReadStream;
  pathOf: (key: string) => string;
  remove: (key: string) => void;
  discard: (received: ReceivedFile) => void;
  /** Removes every stored file (a reseed). */
  clear: () => void;
};

/** The files under `root` (the files dir, see options.ts), created 0700 when missing. */
export function createFileStore(root: string): FileStore {
  const temp = join(root, '.tmp');
  mkdirSync(root, { recursive: true, mode: 0o700 });
  mkdirSync(temp, { recursive: true, mode: 0o700 });
  // Keys are our random UUIDs, never a name a person chose: no path can escape the folder.
  const pathOf = (key: string) => {
    if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error(`not a file key: ${key}`);
    return join(root, key);
  };

  return {
    receive: async (input, fileName, rules) => {
      // The name decides what opens the file once saved: an extension outside the list (.bat, .html, .svg,
      // none) is refused before a byte is stored, whatever the bytes.
      if (!rules.allowedExtensions.includes(extensionOf(fileName))) {
        input.resume();
        throw unsupported();
      }
      const tempPath = join(temp, `${randomUUID()}.part`);
      let size = 0;
      const head: number[] = [];
      let mimeType: string | null = null;
      const check = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > rules.maxBytes) {
            done(tooLarge(rules.maxBytes));
            return;
          }
          if (size > rules.room.bytes) {
            done(quotaExceeded(rules.room.quotaBytes));
            return;
          }
          if (head.length < 8) {
            head.push(...chunk.subarray(0, 8 - head.length));
            if (head.length >= 8 || mimeType === null) mimeType = sniffType(Uint8Array.from(head), fileName);
            if (head.length >= 8 && (mimeType === null || !rules.allowedTypes.includes(mimeType))) {
              done(unsupported());
              return;
            }
          }
          done(null, chunk);
        },
      });
      const output = createWriteStream(tempPath, { flags: 'wx' });
      try {
        await pipeline(input, check, output);
        if (rules.isTruncated()) throw tooLarge(rules.maxBytes);
        if (size === 0) throw new HttpError(422, 'empty_file', 'The file is empty.');
        mimeType = sniffType(Uint8Array.from(head), fileName);
        if (mimeType === null || !rules.allowedTypes.includes(mimeType)) throw unsupported();
        if (isOfficeType(mimeType) && !(await isOfficePackage(tempPath))) throw unsupported();
        return { tempPath, size, mimeType };
      } catch (error) {
        // The file may still be opening when the check fails: remove it once the stream has closed.
        if (!output.closed) await once(output, 'close').catch(() => undefined);
        rmSync(tempPath, { force: true });
        if (error instanceof HttpError) throw error;
        if (isFileTooLarge(error)) throw tooLarge(rules.maxBytes);
        throw error;
      }
    },
    commit: (received) => {
      const key = randomUUID();
      renameSync(received.tempPath, pathOf(key));
      return key;
    },
    put: (bytes) => {
      const key = randomUUID();
      writeFileSync(pathOf(key), bytes, { flag: 'wx' });
      return key;
    },
    open: (key) => createReadStream(pathOf(key)),
    pathOf,
    remove: (key) => rmSync(pathOf(key), { force: true }),
    discard: (received) => rmSync(received.tempPath, { force: true }),
    clear: () => {
      // Its contents, not the folder itself: a configured files dir may be a mount point.
      for (const name of readdirSync(root)) rmSync(join(root, name), { recursive: true, force: true });
      mkdirSync(temp, { recursive: true, mode: 0o700 });
    },
  };
}

function tooLarge(maxBytes: number): HttpError {
  return new HttpError(413, 'payload_too_large', `The file is larger than ${String(maxBytes)} bytes.`);
}

/** The entity's quota is reached: the body names it (`quotaBytes`), the portal says so in its words. */
export function quotaExceeded(quotaBytes: number): HttpError {
  return new HttpError(
    413,
    'quota_exceeded',
    `The entity's storage quota (${String(quotaBytes)} bytes) is reached; nothing was kept.`,
    { details: { quotaBytes } },
  );
}

function unsupported(): HttpError {
  return new HttpError(
    415,
    'unsupported_media_type',
    'The file’s name or content is not an allowed type (PDF, image or office document).',
  );
}

function isFileTooLarge(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE'
  );
}
