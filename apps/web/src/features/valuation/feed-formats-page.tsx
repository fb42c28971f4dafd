import { Card, Descriptions, Empty, Space, Tag, Typography } from 'antd';
import { PageSpinner } from '../../components/page-spinner';
import { useFeedFormats } from './api/valuation';

/** 估值与对账 › 数据格式 (`/valuation/feedFormats/index`): every data file format in force, for every user. */
export function FeedFormatsPage() {
  const { data, isPending } = useFeedFormats();
  if (isPending) return <PageSpinner />;
  return (
    <Card title="数据格式">
      <Typography.Paragraph type="secondary">托管人向本行提供的各类数据文件的格式及生效版本。格式变更时以新版本发布，旧格式的文件将被整体拒绝并说明差异。</Typography.Paragraph>
      {!data || data.length === 0 ? (
        <Empty />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          {data.map((f) => (
            <Card key={f.feed} size="small" type="inner" title={f.name} extra={<Tag color="blue">{`${f.version} 版`}</Tag>}>
              <Descriptions size="small" column={{ xs: 1, sm: 2 }} items={[
                { key: 'since', label: '生效日期', children: f.since },
                { key: 'types', label: '文件类型', children: f.fileTypes.join('、') },
                {
                  key: 'columns',
                  label: `列（${f.columns.length}）`,
                  span: 2,
                  children: (
                    <Space size={[4, 4]} wrap>
                      {f.columns.map((c, i) => (
                        <Tag key={c}>{`${i + 1}. ${c}`}</Tag>
                      ))}
                    </Space>
                  ),
                },
              ]} />
            </Card>
          ))}
        </Space>
      )}
    </Card>
  );
}
