import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalCrypto } from '@portal/crypto';
import { accountsApi } from '@portal/shared';
import { http, type CallInput } from '../../../lib/http';
import { remindersKey } from '../../../lib/reminders';
import { accountsKey } from './list-accounts';

/** A batch's id drawn by the client, so a signature can name the batch before the server has seen the file. */
export const newBatchNo = () => portalCrypto.randomHex(16);

/** The upload with what its signature covers; `http.call` adds `signMsg`. */
export type BatchFile = CallInput<typeof accountsApi.accountBatchInsert>;

/**
 * `accountBatchInsert` (signed as AccountAdd over `batchNo|rowCount|SM3(file)`): the CSV is
 * checked row by row on the server and written all or nothing; a refused batch answers
 * `accepted: false` with each row's reason.
 */
export function useBatchAddAccounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BatchFile) => http.call(accountsApi.accountBatchInsert, input),
    onSuccess: (answer) =>
      answer.accepted
        ? Promise.all([queryClient.invalidateQueries({ queryKey: accountsKey }), queryClient.invalidateQueries({ queryKey: remindersKey })])
        : undefined,
  });
}
