import { instructionsApi, totalsByCurrency, type InstructionRecord } from '@portal/shared';
import { ApiError } from '../../../lib/api-error';
import { App, Button, Form, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import type { Decision } from '../api/instructions';
import { useMessage } from '../../../lib/countdown-message';
import { atRiskNote, missedNote } from './cutoff-notes';

interface DecisionButtonsProps {
  /** The selected rows, in the order they were selected. */
  rows: readonly InstructionRecord[];
  /** The step's word, e.g. 复核, 确认. */
  verb: string;
  decide: (decision: Decision) => Promise<unknown>;
  busy: boolean;
  onDone: () => void;
  /** Why a row cannot be passed (an expired one at the custodian's check), or null; one past its cut-off never can. */
  passBlocked?: (rows: readonly InstructionRecord[]) => string | null;
  /** Rows that changed under a refused batch: the list unselects them (it refreshes by itself). */
  onStale: (ids: readonly number[]) => void;
}

/** The ids a batch refusal names as changed under it (`data.stale`), or none. */
function staleIds(err: unknown): number[] {
  if (!(err instanceof ApiError)) return [];
  const parsed = instructionsApi.staleBatchSchema.safeParse(err.data);
  return parsed.success ? parsed.data.stale : [];
}

const reasonRules = [
  { required: true, whitespace: true, message: instructionsApi.REASON_REQUIRED },
  { max: instructionsApi.REASON_MAX, message: `原因不能超过${instructionsApi.REASON_MAX}个字符` },
];

/** 通过 / 退回 for the selected rows as one batch; 退回 asks for the reason. */
export function DecisionButtons({ rows, verb, decide, busy, onDone, passBlocked, onStale }: DecisionButtonsProps) {
  const { modal } = App.useApp();
  const message = useMessage();
  const [refusing, setRefusing] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();

  const run = async (result: 'pass' | 'refuse', reason: string, batch: readonly InstructionRecord[] = rows): Promise<boolean> => {
    const word = result === 'pass' ? '通过' : '退回';
    try {
      const answer = await decide({ rows: batch, result, reason });
      message.success(`已${word} ${batch.length} 条指令`);
      // Passed on with under an hour to the cut-off: the next steps may not make it.
      const risk = result === 'pass' && Array.isArray(answer) ? atRiskNote(answer as InstructionRecord[]) : null;
      if (risk) message.warning(risk, 8);
      onDone();
      return true;
    } catch (err) {
      // The HTTP client has shown the refusal (a batch is all or nothing). When it names rows
      // that changed meanwhile (another reviewer was first), offer to sign and send the rest.
      const stale = staleIds(err);
      const rest = batch.filter((r) => !stale.includes(r.id));
      if (stale.length === 0) return false;
      onStale(stale);
      if (rest.length === 0) return false;
      modal.confirm({
        title: '部分指令已被处理',
        content: `有 ${stale.length} 条指令的状态已变更，已取消选择并刷新列表。是否重新签名并${verb}${word}其余 ${rest.length} 条指令（合计 ${totalsByCurrency(rest)}）？`,
        okText: `${verb}${word}其余指令`,
        onOk: () => run(result, reason, rest),
      });
      return result === 'refuse';
    }
  };

  const pass = () => {
    const blocked = passBlocked?.(rows) ?? missedNote(rows, verb);
    if (blocked) {
      message.warning(blocked);
      return;
    }
    const risk = atRiskNote(rows);
    modal.confirm({
      title: `${verb}通过`,
      content: (
        <>
          <p>{`确定${verb}通过选中的 ${rows.length} 条指令（合计 ${totalsByCurrency(rows)}）吗？`}</p>
          {risk && <Typography.Text type="warning">{risk}</Typography.Text>}
        </>
      ),
      onOk: () => run('pass', ''),
    });
  };

  return (
    <>
      <Space wrap>
        <Button type="primary" disabled={rows.length === 0 || busy} onClick={pass}>
          {verb}通过
        </Button>
        <Button danger disabled={rows.length === 0 || busy} onClick={() => setRefusing(true)}>
          退回
        </Button>
        <Typography.Text type="secondary">已选择 {rows.length} 条指令</Typography.Text>
      </Space>
      <Modal
        open={refusing}
        title={`${verb}退回`}
        okText="确认退回"
        okButtonProps={{ danger: true }}
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => setRefusing(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>退回选中的 {rows.length} 条指令给经办人，请输入原因。</Typography.Paragraph>
        <Form
          form={form}
          layout="vertical"
          name="refuse"
          onFinish={async ({ reason }) => {
            if (await run('refuse', reason.trim())) setRefusing(false);
          }}
        >
          <Form.Item name="reason" label="退回原因" required rules={reasonRules}>
            <Input.TextArea rows={3} maxLength={instructionsApi.REASON_MAX} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
