import { ASSET_CLASSES, CODE_TABLES, VALUATION_LINE_TYPES, type ValuationLine, type ValuationStatementRecord, type ValuationSummary } from '@portal/shared';
import { Alert, Card, Col, DatePicker, Empty, Form, Input, Row, Segmented, Select, Skeleton, Space, Statistic, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { Suspense, lazy, useMemo, useState } from 'react';
import { DownloadButton } from '../../components/download-button';
import { PageSpinner } from '../../components/page-spinner';
import { downloadStatementPdf, downloadStatementXlsx, useNavSeries, useStatement, useValuationProducts, type StatementInput, useStatementEvents } from './api/valuation';
import { change, classLabel, dateTime, four, marketLabel, money, sumCents } from './valuation-format';

// echarts is loaded with the charts only, never with the console or the login.
const NavTrendChart = lazy(() => import('./valuation-charts').then((m) => ({ default: m.NavTrendChart })));
const AllocationChart = lazy(() => import('./valuation-charts').then((m) => ({ default: m.AllocationChart })));

const PERIODS = [
  { value: 1, label: '近1月' },
  { value: 3, label: '近3月' },
  { value: 6, label: '近6月' },
  { value: 12, label: '近1年' },
];

const CLASS_OPTIONS = [
  ...Object.entries(ASSET_CLASSES).map(([value, label]) => ({ value, label })),
  ...(['cash', 'receivable', 'payable'] as const).map((t) => ({ value: t, label: VALUATION_LINE_TYPES[t] })),
];

/** One figure with the previous valuation day's change under it. */
function Figure({ title, value, previous, scale = 2 }: { title: string; value: string; previous: string | undefined; scale?: 2 | 4 }) {
  const delta = change(value, previous, scale);
  return (
    <Statistic
      title={title}
      value={scale === 2 ? money(value) : value}
      styles={{ content: { fontSize: 18 } }}
      suffix={
        delta !== null ? (
          <Typography.Text type={delta.startsWith('+') ? 'danger' : delta.startsWith('-') ? 'success' : 'secondary'} style={{ fontSize: 12, marginLeft: 6 }}>
            {delta}
          </Typography.Text>
        ) : undefined
      }
    />
  );
}

function Summary({ s }: { s: ValuationStatementRecord }) {
  const p: Partial<ValuationSummary> = s.previous ?? {};
  const figures: [string, keyof ValuationSummary, 2 | 4][] = [
    ['资产净值', 'nav', 2],
    ['单位净值', 'unitNav', 4],
    ['累计单位净值', 'cumUnitNav', 4],
    ['实收份额', 'units', 2],
    ['证券市值', 'securities', 2],
    ['现金', 'cash', 2],
    ['应收', 'receivables', 2],
    ['应付', 'payables', 2],
  ];
  return (
    <Card size="small" title={`${s.productName}（${s.productCode}）`} extra={<Typography.Text type="secondary">{s.previous ? `较上一估值日 ${s.previous.valuationDate}` : '无上一估值日数据'}</Typography.Text>}>
      <Row gutter={[16, 12]}>
        {figures.map(([title, key, scale]) => (
          <Col key={key} xs={12} md={6}>
            <Figure title={title} value={s.current[key]} previous={p[key]} scale={scale} />
          </Col>
        ))}
      </Row>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        委托人：{s.enterpriseName}，托管人导入时间：{dateTime(s.importedAt)}
      </Typography.Text>
    </Card>
  );
}

function Holdings({ lines }: { lines: readonly ValuationLine[] }) {
  const [assetClass, setAssetClass] = useState<string | undefined>();
  const [market, setMarket] = useState<string | undefined>();
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return lines.filter(
      (l) =>
        (!assetClass || (l.type === 'position' ? l.assetClass === assetClass : l.type === assetClass)) &&
        (!market || l.market === market) &&
        (!q || l.securityCode.toLowerCase().includes(q) || l.name.toLowerCase().includes(q)),
    );
  }, [lines, assetClass, market, search]);
  const positions = shown.filter((l) => l.type === 'position');
  return (
    <Card size="small" title="持仓明细">
      <Form layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item label="资产类别">
          <Select allowClear placeholder="全部" style={{ width: 150 }} value={assetClass} onChange={setAssetClass} options={CLASS_OPTIONS} aria-label="资产类别" />
        </Form.Item>
        <Form.Item label="市场">
          <Select allowClear placeholder="全部" style={{ width: 120 }} value={market} onChange={setMarket} options={Object.entries(CODE_TABLES.market).map(([value, label]) => ({ value, label }))} aria-label="市场" />
        </Form.Item>
        <Form.Item label="代码/名称">
          <Input.Search allowClear placeholder="证券代码或名称" style={{ width: 200 }} value={search} onChange={(e) => setSearch(e.target.value)} aria-label="代码或名称" />
        </Form.Item>
      </Form>
      <Table<ValuationLine>
        aria-label="持仓明细"
        size="small"
        rowKey="lineNo"
        dataSource={shown}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 1180 }}
        columns={[
          { key: 'class', title: '类别', width: 110, render: (_, l) => classLabel(l), fixed: 'left' },
          { key: 'code', title: '证券代码', dataIndex: 'securityCode', width: 100 },
          { key: 'market', title: '市场', width: 70, render: (_, l) => marketLabel(l.market) },
          { key: 'name', title: '名称', dataIndex: 'name', width: 160, ellipsis: true },
          { key: 'quantity', title: '数量', width: 130, align: 'right', render: (_, l) => four(l.quantity) },
          { key: 'unitCost', title: '单位成本', width: 100, align: 'right', render: (_, l) => four(l.unitCost) },
          { key: 'cost', title: '成本', width: 140, align: 'right', render: (_, l) => money(l.cost) },
          { key: 'price', title: '估值价格', width: 100, align: 'right', render: (_, l) => four(l.price) },
          { key: 'value', title: '市值', width: 140, align: 'right', render: (_, l) => money(l.marketValue) },
          {
            key: 'gain',
            title: '估值增值',
            width: 130,
            align: 'right',
            render: (_, l) => (l.gain === null ? '' : <Typography.Text type={l.gain.startsWith('-') ? 'success' : 'danger'}>{money(l.gain)}</Typography.Text>),
          },
          { key: 'ratio', title: '占净值(%)', width: 90, align: 'right', render: (_, l) => Number(l.navRatio).toFixed(2) },
        ]}
        summary={() => (
          <Table.Summary fixed>
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={6}>
                <Typography.Text strong>持仓合计（{positions.length}只）</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} align="right">
                {money(sumCents(positions.map((l) => l.cost)))}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={7} />
              <Table.Summary.Cell index={8} align="right">
                {money(sumCents(positions.map((l) => l.marketValue)))}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={9} align="right">
                {money(sumCents(positions.map((l) => l.gain)))}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={10} align="right">
                {positions.reduce((t, l) => t + Number(l.navRatio), 0).toFixed(2)}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          </Table.Summary>
        )}
      />
    </Card>
  );
}

function Trend({ product, to }: { product: { enterpriseNo: string; productCode: string }; to: string }) {
  const [months, setMonths] = useState(3);
  const from = dayjs(to).subtract(months, 'month').format('YYYY-MM-DD');
  const series = useNavSeries({ ...product, dateFrom: from, dateTo: to });
  return (
    <Card size="small" title="净值走势" extra={<Segmented size="small" value={months} onChange={(v) => setMonths(v)} options={PERIODS} />}>
      {series.data ? (
        <Suspense fallback={<Skeleton active />}>
          <NavTrendChart points={series.data} />
        </Suspense>
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}

/** 估值与对账 › 估值表 (`/valuation/valuationStatement/index`): a product's valuation statement of a day. */
export function ValuationStatementPage() {
  useStatementEvents();
  const products = useValuationProducts();
  const [key, setKey] = useState<string | undefined>();
  const [date, setDate] = useState<string | undefined>();
  const list = products.data ?? [];
  const product = list.find((p) => `${p.enterpriseNo}|${p.productCode}` === key) ?? list.find((p) => p.latestDate) ?? list[0];
  const valuationDate = date ?? product?.latestDate ?? undefined;
  const input: StatementInput | null = product && valuationDate ? { enterpriseNo: product.enterpriseNo, productCode: product.productCode, valuationDate } : null;
  const statement = useStatement(input);
  if (products.isPending) return <PageSpinner />;
  if (!product) return <Card title="估值表"><Empty description="暂无可查询的产品" /></Card>;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Card title="估值表" size="small">
        <Form layout="inline" style={{ rowGap: 8 }}>
          <Form.Item label="产品">
            <Select
              aria-label="产品"
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 'min(420px, 78vw)' }}
              value={`${product.enterpriseNo}|${product.productCode}`}
              onChange={(v) => {
                setKey(v);
                setDate(undefined);
              }}
              options={list.map((p) => ({ value: `${p.enterpriseNo}|${p.productCode}`, label: `${p.productName}（${p.productCode}）${p.overseen ? ` · ${p.enterpriseName}` : ''}` }))}
            />
          </Form.Item>
          <Form.Item label="估值日期">
            <DatePicker
              aria-label="估值日期"
              allowClear={false}
              value={valuationDate ? dayjs(valuationDate) : null}
              disabledDate={(d) => (product.latestDate ? d.isAfter(dayjs(product.latestDate), 'day') : true)}
              onChange={(d) => d && setDate(d.format('YYYY-MM-DD'))}
            />
          </Form.Item>
          {input && statement.data && (
            <Space wrap>
              <DownloadButton subject="估值表" download={() => downloadStatementXlsx(input)}>
                下载Excel
              </DownloadButton>
              <DownloadButton subject="估值表PDF" download={() => downloadStatementPdf(input)}>
                下载PDF
              </DownloadButton>
            </Space>
          )}
        </Form>
      </Card>
      {!valuationDate && <Alert type="info" showIcon title="该产品暂无估值数据" />}
      {statement.isError && <Alert type="warning" showIcon title={statement.error.message} />}
      {statement.isPending && input && <Skeleton active />}
      {statement.data && (
        <>
          <Summary s={statement.data} />
          <Row gutter={[12, 12]}>
            <Col xs={24} lg={15}>
              <Trend product={product} to={statement.data.current.valuationDate} />
            </Col>
            <Col xs={24} lg={9}>
              <Card size="small" title="资产配置">
                <Suspense fallback={<Skeleton active />}>
                  <AllocationChart lines={statement.data.lines} />
                </Suspense>
              </Card>
            </Col>
          </Row>
          <Holdings lines={statement.data.lines} />
        </>
      )}
    </Space>
  );
}
