import { DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Tooltip, Typography } from 'antd';
import { isHeld, type ApiDefinition } from '@portal/shared';
import { Permission } from '../../../lib/permissions';
import { apiBatchAuth } from '../api/api-batch-auth';
import { apiBatchEncrypt } from '../api/api-batch-encrypt';
import { apiBatchOpen } from '../api/api-batch-open';
import { useApiBatchRemove } from '../api/api-batch-remove';
import { apiBatchStatus } from '../api/api-batch-status';
import { useBatchFlag, type BatchFlagCall } from '../api/batch-flag';
import { batchQuestion, contractRows, lockedAgainst } from './batch-plan';
import { FLAG_LABELS } from './flags';
import { useMessage } from '../../../lib/countdown-message';

interface BatchMenuProps {
  call: BatchFlagCall;
  /** The button's text and the menu's two choices (value 1, value 0). */
  label: string;
  choices: readonly [on: string, off: string];
  selected: readonly ApiDefinition[];
}

/** One batch flag change as a dropdown: pick a value, confirm, send the selected ids. */
function BatchMenu({ call, label, choices, selected }: BatchMenuProps) {
  const { modal } = App.useApp();
  const message = useMessage();
  const mutation = useBatchFlag(call);
  const states = { 1: FLAG_LABELS[call.field].on, 0: FLAG_LABELS[call.field].off } as const;

  const run = (value: 0 | 1) => {
    const locked = lockedAgainst(selected, call.field, value);
    modal.confirm({
      title: label,
      content: (
        <>
          <p>{batchQuestion(selected.length, states[value])}</p>
          {locked.length > 0 && (
            <Typography.Text type="warning">
              其中 {locked.length} 个接口此项已锁定，本次操作将被整体拒绝：
              {locked.map((item) => `${item.apiCode}（${item.reason}）`).join('；')}
            </Typography.Text>
          )}
        </>
      ),
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        const done = await mutation.mutateAsync({ apiIds: selected.map((row) => row.apiId), value }).catch(() => null);
        // A refusal has been shown by the HTTP client (the server's returnMsg).
        if (!done) return;
        if (isHeld(done)) message.info(`${done.message}（系统管理 › 待审批变更）`);
        else message.success(`已将 ${done.changed} 个接口设为${states[value]}`);
      },
    });
  };

  return (
    <Dropdown
      disabled={selected.length === 0}
      trigger={['click']}
      menu={{
        items: [
          { key: '1', label: choices[0] },
          { key: '0', label: choices[1] },
        ],
        onClick: ({ key }) => run(key === '1' ? 1 : 0),
      }}
    >
      <Button loading={mutation.isPending}>
        {label} <DownOutlined />
      </Button>
    </Dropdown>
  );
}

/** 批量删除: only definitions staff added; this server's own operations leave service by status. */
function BatchRemove({ selected, onRemoved }: { selected: readonly ApiDefinition[]; onRemoved: () => void }) {
  const { modal } = App.useApp();
  const message = useMessage();
  const remove = useApiBatchRemove();
  const own = contractRows(selected);
  const button = (
    <Button
      danger
      disabled={selected.length === 0 || own.length > 0}
      loading={remove.isPending}
      onClick={() =>
        modal.confirm({
          title: '批量删除',
          content: `确定删除选中的 ${selected.length} 个接口吗？删除后不可恢复。`,
          okText: '删除',
          okButtonProps: { danger: true },
          cancelText: '取消',
          onOk: async () => {
            const done = await remove.mutateAsync(selected.map((row) => row.apiId)).catch(() => null);
            if (!done) return;
            message.success(`已删除 ${done.changed} 个接口`);
            onRemoved();
          },
        })
      }
    >
      批量删除
    </Button>
  );
  return own.length > 0 ? <Tooltip title={`选中的 ${own.length} 个本服务接口不可删除，如需停用请将状态设为0`}>{button}</Tooltip> : button;
}

interface BatchActionsProps {
  selected: readonly ApiDefinition[];
  onRemoved: () => void;
}

/**
 * The batch calls of spec §7 on the selected rows, each behind its `ACTION_` authority. Bare
 * buttons, so they wrap with the rest of the toolbar's row and take its gaps.
 */
export function BatchActions({ selected, onRemoved }: BatchActionsProps) {
  return (
    <>
      <Permission names="apiBatch">
        <BatchMenu call={apiBatchStatus} label="批量启用/停用" choices={['启用', '停用']} selected={selected} />
        <BatchMenu call={apiBatchOpen} label="批量开放/关闭" choices={['开放', '关闭']} selected={selected} />
        <BatchMenu call={apiBatchEncrypt} label="批量加密/解密" choices={['加密', '解密']} selected={selected} />
        <BatchMenu call={apiBatchAuth} label="批量鉴权/免鉴权" choices={['鉴权', '免鉴权']} selected={selected} />
      </Permission>
      <Permission names="apiRemove">
        <BatchRemove selected={selected} onRemoved={onRemoved} />
      </Permission>
    </>
  );
}
