import { formatAmount, formatDateTime, type ApprovalRule } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Table, Tag, Typography, type Breakpoint } from 'antd';
import { use, useState } from 'react';
import { AccessContext } from '../../lib/permissions';
import { approvalRulesQuery } from './api/approval-rules';
import { RuleDialog } from './rule-dialog';
import { bandsText, scopeLabel } from './rule-format';

const ABOVE_PHONE: Breakpoint[] = ['sm'];
const scopeKey = (r: ApprovalRule) => `${r.instructionType}|${r.payerAccountNo}`;

/**
 * 系统管理 › 审批规则 (`/system/approvalRules/index`): how many distinct reviewers each amount
 * band of an instruction type and payer account needs, and the reviewers' limits. One row per
 * scope (its newest version), its earlier versions under it; an enterprise without a rule keeps
 * one reviewer for every instruction.
 */
export function ApprovalRulesPage() {
  const { data, isFetching } = useQuery(approvalRulesQuery());
  const canManage = use(AccessContext).includes('APPROVAL_RULE_MANAGE');
  const [editing, setEditing] = useState<{ rule: ApprovalRule | null } | null>(null);
  const versions = data?.rules ?? [];
  const current = versions.filter((r, i) => versions.findIndex((x) => scopeKey(x) === scopeKey(r)) === i);
  const columns = (history: boolean) => [
    ...(history
      ? [{ key: 'version', title: '版本', dataIndex: 'version', width: 64, render: (v: number) => `第${v}版` }]
      : [
          { key: 'type', title: '指令类型', width: 110, render: (_: unknown, r: ApprovalRule) => scopeLabel(r).type },
          { key: 'account', title: '付款账户', width: 180, render: (_: unknown, r: ApprovalRule) => scopeLabel(r).account },
          { key: 'version', title: '版本', dataIndex: 'version', width: 64, render: (v: number) => `第${v}版` },
        ]),
    { key: 'active', title: '状态', dataIndex: 'active', width: 72, responsive: ABOVE_PHONE, render: (v: boolean) => (v ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>) },
    { key: 'bands', title: '金额区间与复核人数', width: 340, render: (_: unknown, r: ApprovalRule) => bandsText(r.bands) },
    {
      key: 'limits',
      title: '复核员限额',
      render: (_: unknown, r: ApprovalRule) => (r.limits.length === 0 ? '—' : r.limits.map((l) => `${l.name} ≤${formatAmount(l.limit)}`).join('；')),
    },
    { key: 'createdBy', title: '保存人', dataIndex: 'createdByName', width: 88, responsive: ABOVE_PHONE },
    { key: 'createdAt', title: '保存时间', dataIndex: 'createdAt', width: 168, responsive: ABOVE_PHONE, render: (v: string) => formatDateTime(v) },
    ...(canManage && !history
      ? [
          {
            key: 'action',
            title: '操作',
            width: 64,
            render: (_: unknown, r: ApprovalRule) => (
              <Button type="link" size="small" aria-label={`修改${scopeLabel(r).type}${scopeLabel(r).account}审批规则`} onClick={() => setEditing({ rule: r })}>
                修改
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card title="审批规则" extra={canManage && <Button type="primary" onClick={() => setEditing({ rule: null })}>新增规则</Button>}>
      <Typography.Paragraph type="secondary">
        按指令类型和付款账户设置各金额区间所需的复核人数（1至3人，每人只能复核一次）和复核员限额。同一指令适用最具体的规则：指定账户且指定类型 › 指定账户 › 指定类型 › 全部。未设置规则时每笔指令由一人复核。指令按提交时的规则版本复核，规则修改后不影响已提交的指令。
      </Typography.Paragraph>
      <Table<ApprovalRule>
        aria-label="审批规则"
        size="small"
        rowKey="id"
        dataSource={current}
        loading={isFetching}
        pagination={false}
        // On a phone the table scrolls in its card, the page does not.
        scroll={{ x: 'max-content' }}
        columns={columns(false)}
        expandable={{
          rowExpandable: (r) => versions.some((x) => scopeKey(x) === scopeKey(r) && x.id !== r.id),
          expandedRowRender: (r) => (
            <Table<ApprovalRule>
              aria-label="历史版本"
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={versions.filter((x) => scopeKey(x) === scopeKey(r) && x.id !== r.id)}
              columns={columns(true)}
            />
          ),
        }}
        locale={{ emptyText: '尚未设置审批规则：每笔指令由一人复核' }}
      />
      {editing && <RuleDialog open rule={editing.rule} choices={{ reviewers: data?.reviewers ?? [], accounts: data?.accounts ?? [] }} onClose={() => setEditing(null)} />}
    </Card>
  );
}
