import { DownOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Dropdown, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { RETURN_CODES } from '@portal/shared';
import { ChangePasswordDialog } from '../../features/auth';
import { MessageBell } from '../../features/messages';
import { UrgentNoticeDialog } from '../../features/notices/notice-alerts';
import { switchEnterprise, type SessionUser } from '../../lib/session';
import styles from './console-layout.module.css';
import { useMessage } from '../../lib/countdown-message';

interface Props {
  user: SessionUser;
  sidebarOpened: boolean;
  onToggleSidebar(): void;
  onHome(): void;
  onLogout(): void;
  /** After a switch: log in again into the chosen seat (user number, its enterprise's name). */
  onSwitched(target: { userNo: string; enterpriseName: string }): void;
}

/** One name for the menu item, its dialog and the confirmation. */
const SWITCH = '切换用户';

/**
 * Spec §2 top bar: the 消息中心 bell (every user), the risk-notice bell (customers), the nickname and a menu of 切换用户 (only
 * with another seat to switch to), 修改密码, 返回首页, 退出登录.
 */
export function TopBar({ user, sidebarOpened, onToggleSidebar, onHome, onLogout, onSwitched }: Props) {
  const { modal } = App.useApp();
  const message = useMessage();
  const [switching, setSwitching] = useState(false);
  const [target, setTarget] = useState<string>();
  const [changingPassword, setChangingPassword] = useState(false);

  const confirmSwitch = () => {
    if (!target) return message.warning('请选择要切换的企业');
    // Spec §5: switching to the logged-in enterprise is refused with this message.
    if (target === user.userNo) {
      message.error(RETURN_CODES.SWITCH_SAME_ENTERPRISE.message);
      return;
    }
    modal.confirm({
      title: SWITCH,
      content: `${SWITCH}需要退出当前登录并重新认证，是否继续？`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await switchEnterprise(target);
        setSwitching(false);
        const enterpriseName = user.userNoList.find((u) => u.userNo === target)?.enterpriseName ?? '';
        onSwitched({ userNo: target, enterpriseName });
      },
    });
  };

  const items = [
    // The list holds the current seat too: with one seat there is nothing to switch to.
    ...(user.userNoList.length > 1 ? [{ key: 'switch', label: SWITCH }] : []),
    { key: 'password', label: '修改密码' },
    { key: 'home', label: '返回首页' },
    { key: 'logout', label: '退出登录' },
  ];

  return (
    <header className={styles.topBar}>
      <button type="button" className={styles.trigger} onClick={onToggleSidebar} aria-label={sidebarOpened ? '收起菜单' : '展开菜单'}>
        {sidebarOpened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      </button>
      <div className={styles.brand}>资产托管客户服务网银</div>
      <div className={styles.enterprise}>{user.enterpriseName}</div>
      <MessageBell />
      {user.access.includes('RISK_VIEW') && <UrgentNoticeDialog />}
      <Dropdown
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'switch') {
              setTarget(undefined);
              setSwitching(true);
            }
            if (key === 'password') setChangingPassword(true);
            if (key === 'home') onHome();
            if (key === 'logout') onLogout();
          },
        }}
      >
        <button type="button" className={styles.userButton}>
          <Avatar size="small" src={user.avatar || undefined} icon={<UserOutlined />} />
          <span>{user.nickName}</span>
          <DownOutlined />
        </button>
      </Dropdown>
      <Modal title={SWITCH} open={switching} onOk={confirmSwitch} onCancel={() => setSwitching(false)} okText="切换" cancelText="取消">
        <Form layout="vertical">
          <Form.Item label="企业" required>
            <Select
              placeholder="请选择要切换的企业"
              value={target}
              onChange={setTarget}
              options={user.userNoList.map((u) => ({
                value: u.userNo,
                label: `${u.enterpriseName}（${u.enterpriseNo}）${u.userNo === user.userNo ? ' - 当前' : ''}`,
              }))}
            />
          </Form.Item>
        </Form>
      </Modal>
      {changingPassword && (
        <ChangePasswordDialog open username={user.userName} onChanged={() => setChangingPassword(false)} onCancel={() => setChangingPassword(false)} />
      )}
    </header>
  );
}
