import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { approvalRulesApi, type ApprovalRuleSave } from '@portal/shared';
import { http } from '../../../lib/http';

/** Prefix of the approval rule query; a save invalidates it. */
export const approvalRulesKey = ['approvalRules'] as const;

export const approvalRulesQuery = () => queryOptions({ queryKey: approvalRulesKey, queryFn: () => http.call(approvalRulesApi.approvalRuleList) });

export function useSaveApprovalRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApprovalRuleSave) => http.call(approvalRulesApi.approvalRuleSave, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalRulesKey }),
  });
}
