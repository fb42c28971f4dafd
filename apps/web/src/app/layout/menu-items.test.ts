import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../lib/session';
import { buildMenuItems } from './menu-items';

const group = (menuId: number, menuCode: string, menuName: string, alwaysShow?: number): MenuItem => ({
  menuId, parentId: 0, menuCode, menuName, path: '', scheme: '/', target: '', icon: 'md-settings', status: 1, alwaysShow,
});
const page = (menuId: number, parentId: number, menuName: string, path: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  menuId, parentId, menuCode: `m${menuId}`, menuName, path, scheme: '/', target: '', icon: 'md-document', status: 1, ...extra,
});

const keys = (items: ReturnType<typeof buildMenuItems>['items']) =>
  (items ?? []).map((item) => (item && 'children' in item ? { group: item.key, children: (item.children ?? []).map((c) => c?.key) } : item?.key));

describe('buildMenuItems', () => {
  it('shows a group holding a single item as that item, unless the group is always-show', () => {
    const menus = [
      group(100, 'system', '系统管理', 1),
      page(101, 100, '账户管理', 'system/accountManagement/index'),
      group(800, 'custodianNotice', '托管行信息发布'),
      page(801, 800, '风险提示发布', 'custodianNotice/riskNoticePublish/index'),
      group(600, 'gateway', 'API网关管理', 0),
      page(601, 600, 'API管理', 'gateway/apiManagement/index'),
      page(602, 600, '用户分配', 'gateway/userAssign/index'),
    ];
    const { items, groupOf } = buildMenuItems(menus);
    expect(keys(items)).toEqual([{ group: '/system', children: ['101'] }, '801', { group: '/gateway', children: ['601', '602'] }]);
    expect(groupOf.get('101')).toBe('/system');
    expect(groupOf.has('801')).toBe(false);
  });

  it('counts hidden items out: a group left with one visible item collapses too', () => {
    const menus = [group(500, 'addedServices', '增值服务'), page(501, 500, '风险提示', 'addedServices/riskManagement/index'), page(504, 500, '历史公告', 'x/y', { status: 0 })];
    expect(keys(buildMenuItems(menus).items)).toEqual(['501']);
  });

  it('maps a group’s own path to its first page, skipping external links', () => {
    const menus = [
      group(500, 'addedServices', '增值服务', 1),
      page(502, 500, '华夏银行官网', 'www.hxb.com.cn/', { scheme: 'https://', target: '_blank' }),
      page(501, 500, '风险提示', 'addedServices/riskManagement/index'),
      group(900, 'links', '链接', 1),
      page(901, 900, '官网', 'www.hxb.com.cn/', { scheme: 'https://', target: '_blank' }),
    ];
    const { groupHome } = buildMenuItems(menus);
    expect(groupHome.get('/addedServices')).toBe('/addedServices/riskManagement/index');
    expect(groupHome.has('/links')).toBe(false);
  });
});
