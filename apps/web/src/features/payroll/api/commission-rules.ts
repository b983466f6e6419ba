import {
  commissionRuleListQuerySchema,
  type CommissionRule,
  type CommissionRuleBody,
  type CommissionRulePatch,
  type DeleteResult,
} from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';
import { under, withQuery, type ListResource } from '../../../lib/list-query';
import { PAYROLL_PATH, RULES_PATH } from './payroll-keys';

export const deleteRule = async (id: number): Promise<DeleteResult> =>
  (await apiClient.delete<DeleteResult>(`${RULES_PATH}${id}/`)).data;

/**
 * Commission rules, filtered and ordered on the server. A rule change never rewrites an approved
 * run but changes drafts and everyone's earnings so far, so every /payroll/ read goes stale.
 */
export const rulesResource: ListResource<CommissionRule, typeof commissionRuleListQuerySchema> = {
  schema: commissionRuleListQuerySchema,
  key: (query) => withQuery(RULES_PATH, query),
  stale: under(PAYROLL_PATH),
  remove: (rule) => deleteRule(rule.id),
};

export const createRule = async (body: CommissionRuleBody): Promise<CommissionRule> =>
  (await apiClient.post<CommissionRule>(RULES_PATH, body)).data;
export const updateRule = async (id: number, body: CommissionRulePatch): Promise<CommissionRule> =>
  (await apiClient.patch<CommissionRule>(`${RULES_PATH}${id}/`, body)).data;
