// An OOXML document (.docx, .xlsx, .pptx) is a ZIP whose root holds `[Content_Types].xml` (ECMA-376
// part 2, Open Packaging Conventions). Any ZIP starts with the same four bytes, so the container is read
// the way an unzipper reads it: the end-of-central-directory record at the end of the file, the central
// directory it points to, and the local header of the `[Content_Types].xml` entry it lists. A file that
// merely contains the name somewhere, or a ZIP of other things renamed .docx, is not a package.
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';

const CONTENT_TYPES = '[Content_Types].xml';
const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_SIZE = 22;
const CENTRAL_SIZE = 46;
const LOCAL_SIZE = 30;
const MAX_COMMENT = 0xffff;

async function read(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** The end-of-central-directory record: the last one whose comment runs exactly to the end of the file. */
function findEndRecord(tail: Buffer): number {
  for (let at = tail.length - EOCD_SIZE; at >= 0; at -= 1)
    if (
      tail.readUInt32LE(at) === EOCD_SIGNATURE &&
      at + EOCD_SIZE + tail.readUInt16LE(at + 20) === tail.length
    )
      return at;
  return -1;
}

/** True when the file at `path` is a ZIP whose central directory lists `[Content_Types].xml` at its root. */
export async function isOfficePackage(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    if (size < EOCD_SIZE) return false;
    const tailStart = Math.max(0, size - EOCD_SIZE - MAX_COMMENT);
    const tail = await read(file, tailStart, size - tailStart);
    const end = findEndRecord(tail);
    if (end < 0) return false;
    const disk = tail.readUInt16LE(end + 4);
    const directoryDisk = tail.readUInt16LE(end + 6);
    const entriesHere = tail.readUInt16LE(end + 8);
    const entries = tail.readUInt16LE(end + 10);
    const directorySize = tail.readUInt32LE(end + 12);
    const directoryOffset = tail.readUInt32LE(end + 16);
    // One volume only; ZIP64 (0xFFFF markers) is never needed under the upload limit and is refused.
    if (disk !== 0 || directoryDisk !== 0 || entriesHere !== entries || entries === 0xffff) return false;
    if (directoryOffset + directorySize > tailStart + end) return false;
    const directory = await read(file, directoryOffset, directorySize);
    if (directory.length !== directorySize) return false;
    let at = 0;
    for (let index = 0; index < entries; index += 1) {
      if (at + CENTRAL_SIZE > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE)
        return false;
      const nameLength = directory.readUInt16LE(at + 28);
      const next =
        at + CENTRAL_SIZE + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
      if (next > directory.length) return false;
      const name = directory.subarray(at + CENTRAL_SIZE, at + CENTRAL_SIZE + nameLength);
      if (name.toString('latin1') === CONTENT_TYPES) {
        // The entry must really be there: a local header of the same name where the directory says.
        const localOffset = directory.readUInt32LE(at + 42);
        const local = await read(file, localOffset, LOCAL_SIZE + nameLength);
        return (
          local.length === LOCAL_SIZE + nameLength &&
          local.readUInt32LE(0) === LOCAL_SIGNATURE &&
          local.readUInt16LE(26) === nameLength &&
          local.subarray(LOCAL_SIZE).equals(name)
        );
      }
      at = next;
    }
    return false;
  } finally {
    await file.close();
  }
}
