import { warningsApi, type ClearPositionRecord, type NewSharePaymentRecord, type PreCleaningRecord, type WarningKind, type WarningRecord } from '@portal/shared';
import type { FetchPage } from '../../../components/data-table';
import { http } from '../../../lib/http';
import type { HandleInput, WarningFilter, WarningQuery } from './warnings';

/** The customer's three calls of one kind, typed by its record. */
export interface KindCalls<R extends WarningRecord> {
  kind: WarningKind;
  fetchPage: FetchPage<R>;
  handle: (input: HandleInput) => Promise<R[]>;
  /** Saves the filtered list as xlsx; resolves to the file's name. */
  download: (filter: WarningFilter) => Promise<string>;
}

const ops = warningsApi;

export const CLEAR_POSITION_CALLS: KindCalls<ClearPositionRecord> = {
  kind: 'clearPosition',
  fetchPage: (params) => http.call(ops.clearPositionQuery, params as WarningQuery),
  handle: (input) => http.call(ops.clearPositionHandle, input),
  download: (filter) => http.download(ops.clearPositionDownload, filter, '清仓预警.xlsx'),
};

export const PRE_CLEANING_CALLS: KindCalls<PreCleaningRecord> = {
  kind: 'preCleaning',
  fetchPage: (params) => http.call(ops.preCleaningQuery, params as WarningQuery),
  handle: (input) => http.call(ops.preCleaningHandle, input),
  download: (filter) => http.download(ops.preCleaningDownload, filter, '预清算提醒.xlsx'),
};

export const NEW_SHARE_PAYMENT_CALLS: KindCalls<NewSharePaymentRecord> = {
  kind: 'newSharePayment',
  fetchPage: (params) => http.call(ops.newSharePaymentQuery, params as WarningQuery),
  handle: (input) => http.call(ops.newSharePaymentHandle, input),
  download: (filter) => http.download(ops.newSharePaymentDownload, filter, '新股缴款提醒.xlsx'),
};
