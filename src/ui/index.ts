/*
 * `@portal/ui`: the shared screen components (one table, one confirmation, the page header, the empty,
 * error and status parts of docs/ui.md, formats). Plugins import this entry, never a file inside src/ui (lint enforces it).
 */
export { ComingSoonPage } from './coming-soon.tsx';
export { ConfirmAction } from './confirm-action.tsx';
export type { Confirmation, ConfirmActionProps } from './confirm-action.tsx';
export { EmptyState, isBlankList } from './empty-state.tsx';
export type { EmptyStateProps } from './empty-state.tsx';
export { DataTable } from './data-table.tsx';
export type {
  DataColumn,
  DataPage,
  DataResult,
  DataTableProps,
  DataTableRowActions,
  DataTableSelection,
} from './data-table.tsx';
export type { RowAction } from './row-actions.tsx';
export { ErrorCard } from './error-card.tsx';
export { SupportContact } from './support-contact.tsx';
export { HiddenCaption, visuallyHidden } from './visually-hidden.tsx';
export { checkFile, FileUpload } from './file-upload.tsx';
export type { FileUploadProps, UploadFile, UploadRules } from './file-upload.tsx';
export { formatChange, formatDay, formatFileSize, formatMoney, formatMonth, formatNumber } from './format.ts';
export type { MoneyOptions } from './format.ts';
export { LinkWidget } from './link-widget.tsx';
export type { LinkWidgetProps } from './link-widget.tsx';
export { LoadingIndicator } from './loading-indicator.tsx';
export { Placeholders, QueryError, QueryState } from './query-state.tsx';
export type { QueryErrorProps, QueryResult, QueryStateProps } from './query-state.tsx';
export { widgetQueryState } from './widget-query-state.tsx';
export type { WidgetQueryState } from './widget-query-state.tsx';
export type { LoadingIndicatorProps } from './loading-indicator.tsx';
export { OutcomeAlert } from './outcome-alert.tsx';
export type { OutcomeAlertProps } from './outcome-alert.tsx';
export { PageHeader } from './page-header.tsx';
export type { PageAction, PageHeaderProps } from './page-header.tsx';
export { PageTitle } from './page-title.tsx';
export { PlainTable } from './plain-table.tsx';
export type { PlainTableProps } from './plain-table.tsx';
export { QueryTable } from './query-table.tsx';
export type { QueryTableProps } from './query-table.tsx';
export { allowedFilter, monthFilter, numberFilter, selectFilter } from './table-filters.tsx';
export { useStatusList } from './status-list.ts';
export type { StatusListArgs, StatusListOptions } from './status-list.ts';
export type { DataFilter } from './table-filters.tsx';
export { StatusBadge } from './status-badge.tsx';
export type { StatusBadgeProps, StatusTone } from './status-badge.tsx';
export { listQuery, useDataList, useTableState } from './table-state.ts';
export type {
  DataList,
  DataListQueryOptions,
  SortOrder,
  TableQuery,
  TableState,
  TableStateOptions,
} from './table-state.ts';
