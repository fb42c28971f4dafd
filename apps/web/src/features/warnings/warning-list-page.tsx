import type { WarningRecord } from '@portal/shared';
import { Button, Card, Space, Typography } from 'antd';
import { use, useMemo, useState } from 'react';
import { DataTable, useCheckboxSelection, WIDE_SCREENS } from '../../components/data-table';
import { DownloadButton } from '../../components/download-button';
import type { FormValues } from '../../components/form-builder';
import { AccessContext } from '../../lib/permissions';
import { useWarningEvents, useWarningWrite, warningsKey, type WarningFilter } from './api/warnings';
import { HandleDialog } from './handle-dialog';
import { WarningDetailDrawer } from './warning-detail-drawer';
import { HandlerCell, WarningStatus } from './warning-format';
import { accountColumn, type WarningKindView } from './warning-kinds';
import { warningQueryFields } from './warning-query-fields';
import { useMessage } from '../../lib/countdown-message';

/**
 * 预警信息 › one kind's list: query form, the enterprise's warnings with amounts formatted and
 * shortfalls highlighted, batch 处理 / 确认缴款 with a remark, xlsx download and a detail drawer.
 */
export function WarningListPage<R extends WarningRecord>({ view }: { view: WarningKindView<R> }) {
  const message = useMessage();
  const mayHandle = use(AccessContext).includes('WARNING_HANDLE');
  const selected = useCheckboxSelection<R>();
  const [criteria, setCriteria] = useState<FormValues>({});
  const [open, setOpen] = useState<R | null>(null);
  const [handling, setHandling] = useState(false);
  useWarningEvents();
  const handle = useWarningWrite(view.calls.handle);
  const queryFields = useMemo(() => warningQueryFields(view.calls.kind, view.dateLabel), [view]);

  const submit = async (remark: string) => {
    try {
      const done = await handle.mutateAsync({ ids: selected.rows.map((r) => r.id), remark });
      message.success(`已${view.verb} ${done.length} 条${view.title}`);
      selected.clear();
      return true;
    } catch {
      // The HTTP client has shown the refusal; the selection is all or nothing.
      return false;
    }
  };

  return (
    <Card title={view.title}>
      <DataTable<R>
        ariaLabel={`${view.title}列表`}
        queryKey={[...warningsKey, view.calls.kind]}
        fetchPage={view.calls.fetchPage}
        columns={[
          accountColumn<R>(),
          ...view.columns,
          { key: 'status', title: '状态', render: (_, r) => <WarningStatus record={r} /> },
          { key: 'handledBy', title: view.verb === '处理' ? '处理人' : '确认人', responsive: WIDE_SCREENS, render: (_, r) => <HandlerCell record={r} /> },
        ]}
        rowKey={(r) => r.id}
        showIndex
        queryFields={queryFields}
        onCriteriaChange={setCriteria}
        rowActions={[{ key: 'detail', label: '详情', onClick: setOpen }]}
        selection={mayHandle ? { ...selected.selection, disabled: (r) => r.status === '1' } : undefined}
        toolbar={
          <Space wrap>
            {mayHandle && (
              <>
                <Button type="primary" disabled={selected.rows.length === 0} onClick={() => setHandling(true)}>
                  {view.verb}
                </Button>
                <Typography.Text type="secondary">已选择 {selected.rows.length} 条</Typography.Text>
              </>
            )}
            <DownloadButton subject={`${view.title}列表`} download={() => view.calls.download(criteria as WarningFilter)}>
              下载
            </DownloadButton>
          </Space>
        }
      />
      {handling && (
        <HandleDialog
          rows={selected.rows}
          title={`${view.verb}${view.verb === '处理' ? view.title : ''}`}
          summary={view.summary?.(selected.rows)}
          busy={handle.isPending}
          onSubmit={submit}
          onClose={() => setHandling(false)}
        />
      )}
      <WarningDetailDrawer view={view} record={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
