// The accounting software as the sync sees it: a connector lists an entity's documents, tells one's
// metadata and serves its file, with the entity's key. One implementation speaks Pennylane's HTTP API
// (pennylane-connector.ts); another software would be another implementation of the same type.
import type { Readable } from 'node:stream';
import type { SyncFailure } from '../../../kernel/contract/accounting-sync-routes.ts';

/** A document as the software describes it. */
export type RemoteDocument = {
  /** Its id in the software. */
  id: string;
  name: string;
  mimeType: string;
  size: number;
  /** The document's own date, YYYY-MM-DD. */
  issuedOn: string;
  updatedAt: string;
};

type RemoteFile = { body: Readable; mimeType: string; size: number | undefined };

export type AccountingConnector = {
  /** The software's name, stored with each document (`pennylane`). */
  readonly source: 'pennylane';
  /** Every document of the entity whose key this is, page after page. */
  listDocuments: (credential: string) => Promise<RemoteDocument[]>;
  /** One document's metadata; undefined when the software no longer has it. */
  document: (credential: string, id: string) => Promise<RemoteDocument | undefined>;
  /** One document's bytes; undefined when the software no longer has it. */
  file: (credential: string, id: string) => Promise<RemoteFile | undefined>;
};

/** A call to the software that failed, with the reason the page shows. Its message never holds the key. */
export class ConnectorFailure extends Error {
  constructor(
    readonly reason: SyncFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ConnectorFailure';
  }
}
