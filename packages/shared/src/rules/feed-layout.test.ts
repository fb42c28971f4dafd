import { describe, expect, it } from 'vitest';
import { checkLayout, compareLayout, type FeedFormat } from './feed-layout';

const FORMAT: FeedFormat = { feed: 'valuation', name: '估值表', version: '1.0', since: '2026-12-01', fileTypes: ['CSV'], columns: ['产品代码', '估值日期', '证券代码', '数量', '市值'] };

describe('a data file header against its declared layout', () => {
  it('accepts the declared header, spaces around cells aside', () => {
    expect(checkLayout(FORMAT, [' 产品代码', '估值日期', '证券代码', '数量', '市值 '])).toBeNull();
  });

  it('names an added, a missing and a renamed column with their positions', () => {
    expect(compareLayout(FORMAT.columns, ['产品代码', '估值日期', '币种', '证券代码', '数量', '市值'])).toEqual([{ kind: 'added', column: '币种', position: 3 }]);
    expect(compareLayout(FORMAT.columns, ['产品代码', '估值日期', '证券代码', '市值'])).toEqual([{ kind: 'missing', column: '数量', position: 4 }]);
    expect(compareLayout(FORMAT.columns, ['产品代码', '估值日期', '证券代码', '持仓数量', '市值'])).toEqual([{ kind: 'renamed', from: '数量', to: '持仓数量', position: 4 }]);
  });

  it('names only the column that moved, not the ones it pushed along', () => {
    expect(compareLayout(FORMAT.columns, ['产品代码', '证券代码', '数量', '市值', '估值日期'])).toEqual([{ kind: 'moved', column: '估值日期', from: 2, to: 5 }]);
  });

  it('says every difference in one Chinese message', () => {
    expect(checkLayout(FORMAT, ['产品代码', '证券代码', '持仓数量', '市值', '估值日期', '备注'])).toBe(
      '文件格式与估值表 1.0 版不符：缺少第4列「数量」；第3列「持仓数量」为新增列；第6列「备注」为新增列；「估值日期」应在第2列，文件中在第5列',
    );
  });
});
