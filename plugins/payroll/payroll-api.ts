import { contractEndpoint, contractPath, contractRoutes, gatewayApi } from '@portal/plugin-api';
import type { GatewayBody, GatewayResponse } from '@portal/plugin-api';

export type PayrollMonth = GatewayResponse<'payrollMonth'>;
export type PayrollEmployee = PayrollMonth['employees'][number];

type OnMonth = { accountId: number; month: string };

/** The path of a month's CSV export, for the download helper. */
export const monthCsvPath = ({ accountId, month }: OnMonth) =>
  contractPath(contractRoutes.payrollMonthCsv, { params: { id: accountId, month } });

const params = ({ accountId, month }: OnMonth) => ({ id: accountId, month });

const payrollApi = gatewayApi.enhanceEndpoints({ addTagTypes: ['Payroll'] }).injectEndpoints({
  endpoints: (build) => ({
    payrollMonths: contractEndpoint(contractRoutes.payrollMonths).query(build, {
      request: (accountId: number) => ({ params: { id: accountId } }),
      providesTags: (_result, _error, accountId) => [{ type: 'Payroll', id: accountId }],
    }),
    payrollMonth: contractEndpoint(contractRoutes.payrollMonth).query(build, {
      request: (on: OnMonth) => ({ params: params(on) }),
      providesTags: (_result, _error, { accountId }) => [{ type: 'Payroll', id: accountId }],
    }),
    savePayrollEntry: contractEndpoint(contractRoutes.savePayrollEntry).mutation(build, {
      request: ({
        employeeId,
        body,
        ...on
      }: OnMonth & { employeeId: number; body: GatewayBody<'savePayrollEntry'> }) => ({
        params: { ...params(on), employeeId },
        body,
      }),
      invalidatesTags: (_result, _error, { accountId }) => [{ type: 'Payroll', id: accountId }],
    }),
    submitPayrollMonth: contractEndpoint(contractRoutes.submitPayrollMonth).mutation(build, {
      request: (on: OnMonth) => ({ params: params(on) }),
      invalidatesTags: (_result, _error, { accountId }) => [{ type: 'Payroll', id: accountId }],
    }),
    requestPayrollCorrection: contractEndpoint(contractRoutes.requestPayrollCorrection).mutation(build, {
      request: ({ comment, ...on }: OnMonth & { comment: string }) => ({
        params: params(on),
        body: { comment },
      }),
      invalidatesTags: (_result, _error, { accountId }) => [{ type: 'Payroll', id: accountId }],
    }),
    lockPayrollMonth: contractEndpoint(contractRoutes.lockPayrollMonth).mutation(build, {
      request: (on: OnMonth) => ({ params: params(on) }),
      invalidatesTags: (_result, _error, { accountId }) => [{ type: 'Payroll', id: accountId }],
    }),
  }),
});

export const {
  usePayrollMonthsQuery,
  usePayrollMonthQuery,
  useSavePayrollEntryMutation,
  useSubmitPayrollMonthMutation,
  useRequestPayrollCorrectionMutation,
  useLockPayrollMonthMutation,
} = payrollApi;

/** The HTTP status of a failed call (409: the month changed status meanwhile), if it has one. */
export function statusOf(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
    ? error.status
    : undefined;
}
