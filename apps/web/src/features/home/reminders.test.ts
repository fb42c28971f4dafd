import { describe, expect, it } from 'vitest';
import { REMINDER_FIELDS, type ReminderCounts } from '@portal/shared';
import { REMINDER_GROUPS, STAFF_REMINDER_GROUPS, cutoffPathFor, homeState } from './reminders';

const zero = Object.fromEntries(REMINDER_FIELDS.map((f) => [f, 0])) as ReminderCounts;

describe('homeState (spec §4 home loading states)', () => {
  it('is 0 while loading', () => expect(homeState(true, undefined).state).toBe(0));
  it('is 1 when the call failed or every count is 0', () => {
    expect(homeState(false, undefined)).toEqual({ state: 1, groups: [] });
    expect(homeState(false, zero)).toEqual({ state: 1, groups: [] });
  });
  it('is 2 with only the non-zero groups and children', () => {
    const { state, groups } = homeState(false, { ...zero, waitConfirmCount: 2, confirmRefuseCount: 1, shareCount: 4 });
    expect(state).toBe(2);
    expect(groups.map((g) => g.title)).toEqual(['第三方指令确认', '指令录入', '新股缴款提醒']);
    expect(groups[0]?.children.map((c) => c.field)).toEqual(['waitConfirmCount']);
    expect(groups[1]?.children.map((c) => c.field)).toEqual(['confirmRefuseCount']);
  });
  it('covers every count exactly once and links the eight spec §2 paths and the cut-off card; staff cards cover every count too', () => {
    const staffOnly = ['waitExecuteCount', 'noticeDraftCount'];
    expect(REMINDER_GROUPS.flatMap((g) => g.children.map((c) => c.field)).sort()).toEqual(REMINDER_FIELDS.filter((f) => !staffOnly.includes(f)).sort());
    expect(REMINDER_GROUPS.map((g) => g.path)).toHaveLength(10);
    expect(STAFF_REMINDER_GROUPS.flatMap((g) => g.children.map((c) => c.field)).sort()).toEqual([...REMINDER_FIELDS].sort());
  });
  it('shows staff the payments to make and the notices in draft', () => {
    const { groups } = homeState(false, { ...zero, waitExecuteCount: 2, noticeDraftCount: 1 }, STAFF_REMINDER_GROUPS);
    expect(groups.map((g) => [g.title, g.children.map((c) => c.label)])).toEqual([
      ['托管行指令执行', ['待执行指令']],
      ['风险提示发布', ['待发布草稿']],
    ]);
  });
  it('leads the cut-off card to the queue the user works', () => {
    expect(cutoffPathFor(['INSTRUCTION_ENTRY', 'INSTRUCTION_REVIEW'])).toBe('/instructionManagement/instructionReview/index');
    expect(cutoffPathFor(['INSTRUCTION_CONFIRM_REVIEW'])).toBe('/thirdPartyInstructionManagement/instructionConfirmation/index');
    expect(cutoffPathFor(['INSTRUCTION_ENTRY'])).toBe('/instructionManagement/instructionEntry/index');
    expect(cutoffPathFor(['CUSTODIAN_CHECK'])).toBe('/custodianInstruction/custodianCheck/index');
    const { groups } = homeState(false, { ...zero, dueTodayCount: 3, atRiskCount: 1 });
    expect(groups.map((g) => [g.title, g.children.map((c) => c.label)])).toEqual([['截止提醒', ['今日截止待处理', '距截止不足1小时']]]);
  });
  it('shows custodian staff the check count on their own card', () => {
    const { groups } = homeState(false, { ...zero, waitCheckCount: 3 }, STAFF_REMINDER_GROUPS);
    expect(groups.map((g) => [g.title, g.children.map((c) => c.label)])).toEqual([['托管行指令审核', ['待审核指令']]]);
    expect(homeState(false, { ...zero, waitCheckCount: 3 }).groups[0]?.children.map((c) => c.label)).toEqual(['待托管行审核']);
  });
});
