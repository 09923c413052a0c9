import { HttpError } from './http-error.ts';

/**
 * The page fields of a paged answer. An empty list still has one page; a page past the last one is a
 * 400 rather than an empty page, so that a stale link says so.
 */
export function pageInfo(total: number, page: number, pageSize: number) {
  const totalPage = Math.max(1, Math.ceil(total / pageSize));
  if (page > totalPage)
    throw new HttpError(
      400,
      'bad_request',
      `Page ${String(page)} is past the last page (${String(totalPage)}).`,
    );
  return { currentPage: page, totalPage, totalItems: total };
}
