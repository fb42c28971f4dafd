import { codeLabel, formatDateTime, type CutoffRecord } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Table, Typography } from 'antd';
import type { Breakpoint } from 'antd';
import { useState } from 'react';
import { cutoffsQuery } from './api/cutoffs';
import { CutoffDialog } from './cutoff-dialog';

/**
 * 托管行信息发布 › 截止时间 (`/custodianNotice/instructionCutoffs/index`): by when, on the value
 * date, an instruction of each type and currency must be through the custodian's check to be paid
 * that day, and the notice in working hours the types that need it take. Entry offers the next
 * business day after it; every step refuses an instruction past it (已过截止).
 */
// Who set a cut-off and when are for a wider screen: a phone keeps the rule itself.
const ABOVE_PHONE: Breakpoint[] = ['sm'];

export function InstructionCutoffsPage() {
  const { data, isFetching } = useQuery(cutoffsQuery());
  const [editing, setEditing] = useState<CutoffRecord | null>(null);

  return (
    <Card title="截止时间">
      <Typography.Paragraph type="secondary">
        截止时间为起息日当天的北京时间；设置了提前工作小时数的类型须在截止时间前相应的工作小时（工作日 09:00–17:00，按工作日历）完成托管行审核。截止前一小时内办理的步骤会提示可能赶不上截止；截止后的当日指令显示“已过截止”，只能修改起息日或撤销。
      </Typography.Paragraph>
      <Table<CutoffRecord>
        aria-label="指令截止时间"
        size="small"
        rowKey={(r) => `${r.type}-${r.currency}`}
        dataSource={data ?? []}
        loading={isFetching}
        pagination={false}
        columns={[
          { key: 'type', title: '指令类型', dataIndex: 'type', render: (v: string) => codeLabel('instructionType', v) },
          { key: 'currency', title: '币种', dataIndex: 'currency', width: 72, render: (v: string) => codeLabel('currencyName', v) },
          { key: 'cutoffTime', title: '截止时间', dataIndex: 'cutoffTime', width: 88 },
          { key: 'noticeHours', title: '提前工作小时数', dataIndex: 'noticeHours', width: 120, render: (v: number) => (v > 0 ? `${v}小时` : '无') },
          { key: 'updatedBy', title: '设置人', dataIndex: 'updatedBy', width: 120, responsive: ABOVE_PHONE, render: (v: string) => (v === 'system' ? '系统默认' : v) },
          { key: 'updatedAt', title: '设置时间', dataIndex: 'updatedAt', width: 180, responsive: ABOVE_PHONE, render: (v: string) => formatDateTime(v) },
          {
            key: 'action',
            title: '操作',
            width: 64,
            render: (_, row) => (
              <Button type="link" size="small" onClick={() => setEditing(row)} aria-label={`修改${codeLabel('instructionType', row.type)}${codeLabel('currencyName', row.currency)}截止时间`}>
                修改
              </Button>
            ),
          },
        ]}
      />
      <CutoffDialog row={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
