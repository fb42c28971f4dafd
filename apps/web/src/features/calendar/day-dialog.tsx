import { CALENDAR_DAY_KINDS, calendarApi, calendarKindsFor, type BusinessCalendar, type CalendarDayKind } from '@portal/shared';
import { Button, Form, Input, Modal, Radio, Space } from 'antd';
import { useMessage } from '../../lib/countdown-message';
import { schemaRule } from '../../lib/schema-rule';
import { useClearDay, useSaveDay } from './api/calendar';
import { dayLabel } from './year-grid';

const WEEKDAY_NAMES = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

/** Marks one day (holiday, 调休 workday, exchange closure) or returns it to the week's rule. */
export function DayDialog({ date, calendar, onClose }: { date: string | null; calendar: BusinessCalendar; onClose: () => void }) {
  const [form] = Form.useForm<{ kind: CalendarDayKind; name: string }>();
  const message = useMessage();
  const save = useSaveDay();
  const clear = useClearDay();
  const marked = date ? calendar.dayOf(date) : undefined;

  const submit = async () => {
    const values = await form.validateFields();
    try {
      await save.mutateAsync({ date: date!, ...values });
      message.success('已保存');
      onClose();
    } catch {
      // The HTTP client has shown the refusal.
    }
  };
  const unmark = async () => {
    try {
      await clear.mutateAsync(date!);
      message.success('已恢复为按周一至周五处理');
      onClose();
    } catch {
      // The HTTP client has shown the refusal.
    }
  };

  return (
    <Modal
      open={date !== null}
      title={date ? `${date}（${WEEKDAY_NAMES[new Date(`${date}T00:00:00Z`).getUTCDay()]}）` : ''}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          {marked && (
            <Button danger loading={clear.isPending} onClick={() => void unmark()}>
              恢复默认
            </Button>
          )}
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
            保存
          </Button>
        </Space>
      }
    >
      {date && (
        <Form form={form} layout="vertical" name="calendar-day" initialValues={{ kind: marked?.kind ?? 'holiday', name: marked?.name ?? '' }}>
          <p>当前：{dayLabel(calendar, date)}</p>
          <Form.Item name="kind" label="日期类型" required>
            <Radio.Group options={calendarKindsFor(date).map((k) => ({ value: k, label: CALENDAR_DAY_KINDS[k] }))} />
          </Form.Item>
          <Form.Item name="name" label="名称" required rules={[schemaRule(calendarApi.calendarDayNameSchema)]}>
            <Input maxLength={calendarApi.CALENDAR_DAY_NAME_MAX} placeholder="如：春节、国庆节调休上班" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
