import { UploadOutlined } from '@ant-design/icons';
import { CALENDAR_DAY_KINDS, businessCalendar, calendarApi, formatDate, formatDateTime, type CalendarDayRecord } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, InputNumber, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { yearQuery } from './api/calendar';
import { DayDialog } from './day-dialog';
import { ImportDialog } from './import-dialog';
import { YearGrid } from './year-grid';
import styles from './calendar.module.css';

const NO_DAYS: CalendarDayRecord[] = [];
const KIND_COLOURS = { holiday: 'red', workday: 'blue', exchangeClosed: 'orange' } as const;

/** Counts of the year's bank business days and exchange trading days. */
function yearCounts(year: number, calendar: ReturnType<typeof businessCalendar>) {
  let bank = 0;
  let exchange = 0;
  for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += 86_400_000) {
    const date = new Date(t).toISOString().slice(0, 10);
    if (calendar.isBusinessDay(date)) bank += 1;
    if (calendar.isExchangeDay(date)) exchange += 1;
  }
  return { bank, exchange };
}

/**
 * 托管行信息发布 › 工作日历 (`/custodianNotice/businessCalendar/index`): the bank's financial business
 * days by year. Monday to Friday are open unless marked; staff mark holidays, 调休 workdays and
 * exchange closures one day at a time or import the year's published schedule.
 */
export function BusinessCalendarPage() {
  const [today] = useState(() => formatDate(Date.now()));
  const [year, setYear] = useState(() => Number(today.slice(0, 4)));
  const [picked, setPicked] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const { data, isFetching } = useQuery(yearQuery(year));
  const days = data?.year === year ? data.days : NO_DAYS;
  const calendar = useMemo(() => businessCalendar(days), [days]);
  const counts = useMemo(() => yearCounts(year, calendar), [year, calendar]);

  return (
    <Card
      title="工作日历"
      extra={
        <Space>
          <InputNumber
            aria-label="年份"
            min={calendarApi.CALENDAR_YEAR_MIN}
            max={calendarApi.CALENDAR_YEAR_MAX}
            value={year}
            onChange={(v) => v && setYear(v)}
            suffix="年"
            style={{ width: 110 }}
          />
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            导入日历
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" size={20} style={{ width: '100%' }}>
        <Space size={40} wrap>
          <Statistic title={`${year}年银行工作日`} value={counts.bank} suffix="天" loading={isFetching && !data} />
          <Statistic title="交易所交易日" value={counts.exchange} suffix="天" loading={isFetching && !data} />
          <Statistic title="已设置日期" value={days.length} suffix="天" />
        </Space>
        <div className={styles.legend} aria-label="图例">
          <span className={styles.holiday}>节假日</span>
          <span className={styles.workday}>调休上班（银行上班，交易所休市）</span>
          <span className={styles.exchangeClosed}>交易所休市（银行上班）</span>
          <span className={styles.closed}>周末</span>
          <Typography.Text type="secondary">点击日期可设置或恢复默认；未设置的日期按周一至周五为工作日处理。</Typography.Text>
        </div>
        <YearGrid year={year} calendar={calendar} today={today} onPick={setPicked} />
        <Table<CalendarDayRecord>
          aria-label="已设置的日期"
          size="small"
          rowKey="date"
          dataSource={days}
          loading={isFetching}
          pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
          onRow={(row) => ({ onClick: () => setPicked(row.date), style: { cursor: 'pointer' } })}
          columns={[
            { key: 'date', title: '日期', dataIndex: 'date', width: 120 },
            { key: 'kind', title: '类型', dataIndex: 'kind', width: 120, render: (v: CalendarDayRecord['kind']) => <Tag color={KIND_COLOURS[v]}>{CALENDAR_DAY_KINDS[v]}</Tag> },
            { key: 'name', title: '名称', dataIndex: 'name' },
            { key: 'updatedBy', title: '设置人', dataIndex: 'updatedBy', width: 140 },
            { key: 'updatedAt', title: '设置时间', dataIndex: 'updatedAt', width: 180, render: (v: string) => formatDateTime(v) },
          ]}
        />
      </Space>
      <DayDialog date={picked} calendar={calendar} onClose={() => setPicked(null)} />
      <ImportDialog year={year} open={importing} onClose={() => setImporting(false)} />
    </Card>
  );
}
