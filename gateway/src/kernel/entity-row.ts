// What every row the API lists about an entity's things starts with: the row's id and the entity it belongs
// to (a document, a report, a mandate, a request), written once for the features that list them.

/** The id of a row and the account id of its entity, as the API's fields. */
export const entityRow = (row: { id: number; account_id: number }) => ({
  id: row.id,
  accountId: row.account_id,
});
