import { queryOptions } from '@tanstack/react-query';
import { sessionApi, type ReminderCounts, type ReminderField } from '@portal/shared';
import { http } from '../../lib/http';
import { remindersKey } from '../../lib/reminders';

export const reminderQuery = queryOptions({
  queryKey: remindersKey,
  queryFn: () => http.call(sessionApi.messageReminder, undefined, { silent: true }),
  staleTime: 60_000,
});

export interface ReminderGroup {
  title: string;
  /** Spec §2 "Home": where the card leads. */
  path: string;
  /** `search`: the view of the page a count leads to (账户管理's tabs). */
  children: { field: ReminderField; label: string; search?: string }[];
}

const REVIEW_PATH = '/instructionManagement/instructionReview/index';

/**
 * Issue 28's card: of the instructions waiting for the user, those whose cut-off falls later
 * today, and those with under an hour left. It leads to the user's own queue (`cutoffPathFor`).
 */
export const CUTOFF_GROUP: ReminderGroup = {
  title: '截止提醒',
  path: REVIEW_PATH,
  children: [
    { field: 'dueTodayCount', label: '今日截止待处理' },
    { field: 'atRiskCount', label: '距截止不足1小时' },
  ],
};

/** The queues an instruction waits in, by the authority that works each, the most pressing first. */
const QUEUE_PATHS: readonly [string, string][] = [
  ['CUSTODIAN_CHECK', '/custodianInstruction/custodianCheck/index'],
  ['INSTRUCTION_REVIEW', REVIEW_PATH],
  ['INSTRUCTION_CONFIRM', '/thirdPartyInstructionManagement/instructionConfirmation/index'],
  ['INSTRUCTION_CONFIRM_REVIEW', '/thirdPartyInstructionManagement/instructionConfirmation/index'],
  ['INSTRUCTION_ENTRY', '/instructionManagement/instructionEntry/index'],
];

/** Where the cut-off card leads: the first queue the user works. */
export const cutoffPathFor = (access: readonly string[]): string => QUEUE_PATHS.find(([authority]) => access.includes(authority))?.[1] ?? CUTOFF_GROUP.path;

/** The reminder cards: the cut-off card, then each spec §2 home entry with the counts of spec §3 that belong to it. */
export const REMINDER_GROUPS: ReminderGroup[] = [
  CUTOFF_GROUP,
  {
    title: '账户管理',
    path: '/system/accountManagement/index',
    children: [
      { field: 'notAddedAccountCount', label: '待添加账户', search: '?tab=notAdded' },
      { field: 'addedAccountCount', label: '已添加账户', search: '?tab=added' },
      // The enterprise administrator's: accounts whose instructions nobody could review (issue 22).
      { field: 'noReviewerAccountCount', label: '无复核人员账户', search: '?tab=added' },
    ],
  },
  {
    title: '指令复核',
    path: REVIEW_PATH,
    children: [{ field: 'waitReviewCount', label: '待复核指令' }],
  },
  {
    title: '第三方指令确认',
    path: '/thirdPartyInstructionManagement/instructionConfirmation/index',
    children: [
      { field: 'waitConfirmCount', label: '待确认指令' },
      { field: 'waitConfirmReviewCount', label: '待确认复核指令' },
    ],
  },
  {
    // The maker's card (issue 12): what came back to them, and what waits at the custodian.
    title: '指令录入',
    path: '/instructionManagement/instructionEntry/index',
    children: [
      { field: 'reviewRefuseCount', label: '复核退回' },
      { field: 'confirmRefuseCount', label: '确认退回' },
      { field: 'confirmReviewRefuseCount', label: '确认复核退回' },
      { field: 'checkRefuseCount', label: '托管行退回' },
      { field: 'waitCheckCount', label: '待托管行审核' },
    ],
  },
  { title: '风险提示', path: '/addedServices/riskManagement/index', children: [{ field: 'RiskCount', label: '风险提示' }] },
  // Issue 13's counts, each named for what it counts: open warnings, open reminders short of funds, payments still due.
  { title: '清仓预警', path: '/warningInfo/clearPositionWarn/index', children: [{ field: 'positionCount', label: '未处理预警' }] },
  { title: '预清算提醒', path: '/warningInfo/reminderOfPreCleaning/index', children: [{ field: 'deptCount', label: '资金不足待处理' }] },
  { title: '新股缴款提醒', path: '/warningInfo/NewSharePaymentReminder/index', children: [{ field: 'shareCount', label: '待缴款' }] },
  // Issue 29: the periods whose cash statement waits for the enterprise's signed answer.
  { title: '电子对账', path: '/valuation/electronicReconcile/index', children: [{ field: 'reconcileCount', label: '待对账期间' }] },
];

/**
 * Bank staff who check instructions see `waitCheckCount` (every enterprise's) on a card of their
 * own, where a maker sees it on 指令录入.
 */
const CUSTODIAN_CHECK_GROUP: ReminderGroup = {
  title: '托管行指令审核',
  path: '/custodianInstruction/custodianCheck/index',
  children: [{ field: 'waitCheckCount', label: '待审核指令' }],
};

/** Staff's own cards (issue 16): payments to make, notices still in draft. */
const STAFF_GROUPS: ReminderGroup[] = [
  {
    title: '托管行指令执行',
    path: '/custodianInstruction/custodianExecute/index',
    children: [{ field: 'waitExecuteCount', label: '待执行指令' }],
  },
  { title: '风险提示发布', path: '/custodianNotice/riskNoticePublish/index', children: [{ field: 'noticeDraftCount', label: '待发布草稿' }] },
];

export const STAFF_REMINDER_GROUPS: ReminderGroup[] = [
  CUSTODIAN_CHECK_GROUP,
  ...STAFF_GROUPS,
  ...REMINDER_GROUPS.map((g) => ({ ...g, children: g.children.filter((c) => c.field !== 'waitCheckCount') })),
];

export type HomeState = 0 | 1 | 2;

/**
 * Spec §4 "Home loading states": 0 loading; 2 when a group has a non-zero count (a group shows
 * only with non-zero children, a child only when non-zero); 1 banner only otherwise, or on failure.
 */
export function homeState(
  loading: boolean,
  counts: ReminderCounts | undefined,
  all: readonly ReminderGroup[] = REMINDER_GROUPS,
): { state: HomeState; groups: ReminderGroup[] } {
  if (loading) return { state: 0, groups: [] };
  if (!counts) return { state: 1, groups: [] };
  const groups = all.map((g) => ({ ...g, children: g.children.filter((c) => (counts[c.field] ?? 0) > 0) })).filter(
    (g) => g.children.length > 0,
  );
  return { state: groups.length > 0 ? 2 : 1, groups };
}
